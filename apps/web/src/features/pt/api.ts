/**
 * Personal training over the API (`/pro/pt-sessions`, `/pro/pt-packages/{id}`, `/pro/trainers/{id}/…`)
 * as TanStack Query hooks. Booking, completing and cancelling carry one `Idempotency-Key` per user
 * action and refresh the package, the session lists (the calendar) and the member's credits.
 */
import type {
  BookPtSessionRequest,
  DayOff,
  DayOffRequest,
  PtPackage,
  PtSession,
  PtSessionList,
  TrainerHours,
  TrainerHoursSpan,
} from '@gym/contract/pt';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { api, idempotencyKeys, type QueryValue } from '../../shared/api/client';
import { salesKeys } from '../sales/api';

export type { DayOff, PtPackage, PtSession, TrainerHours, TrainerHoursSpan };

export const ptKeys = {
  all: ['pt'] as const,
  package: (id: string) => [...ptKeys.all, 'package', id] as const,
  sessions: (query: Record<string, QueryValue>) => [...ptKeys.all, 'sessions', query] as const,
  hours: (trainerId: string) => [...ptKeys.all, 'hours', trainerId] as const,
  daysOff: (trainerId: string) => [...ptKeys.all, 'days-off', trainerId] as const,
};

export function usePtPackage(entitlementId: string | undefined) {
  return useQuery({
    queryKey: ptKeys.package(entitlementId ?? ''),
    queryFn: ({ signal }) => api.get<PtPackage>(`/pro/pt-packages/${entitlementId}`, { signal }),
    enabled: Boolean(entitlementId),
    refetchOnWindowFocus: true,
  });
}

export function usePtSessions(query: Record<string, QueryValue>, enabled = true) {
  return useQuery({
    queryKey: ptKeys.sessions(query),
    queryFn: ({ signal }) => api.get<PtSessionList>('/pro/pt-sessions', { query, signal }),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
    enabled,
  });
}

/** A command with one `Idempotency-Key` per user action (a double click sends the same key). */
function useIdempotent<I, O>(send: (input: I, key: string) => Promise<O>, memberOf: (input: I, out: O) => string) {
  const keys = useRef(idempotencyKeys());
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => send(input, keys.current.keyFor(input)),
    onSuccess: (out, input) => {
      keys.current.reset();
      void queryClient.invalidateQueries({ queryKey: ptKeys.all });
      void queryClient.invalidateQueries({ queryKey: salesKeys.member(memberOf(input, out)) });
    },
  });
}

export function useBookPtSession() {
  return useIdempotent(
    (body: BookPtSessionRequest, key) => api.post<PtSession>('/pro/pt-sessions', body, { idempotencyKey: key }),
    (_input, out) => out.member.id,
  );
}

export function useCompletePtSession() {
  return useIdempotent(
    (input: { id: string }, key) =>
      api.post<PtSession>(`/pro/pt-sessions/${input.id}/complete`, undefined, { idempotencyKey: key }),
    (_input, out) => out.member.id,
  );
}

export function useCancelPtSession() {
  return useIdempotent(
    (input: { id: string; reason?: string | null }, key) =>
      api.post<PtSession>(
        `/pro/pt-sessions/${input.id}/cancel`,
        { reason: input.reason ?? null },
        { idempotencyKey: key },
      ),
    (_input, out) => out.member.id,
  );
}

export function useNoShowPtSession() {
  return useIdempotent(
    (input: { id: string }, key) =>
      api.post<PtSession>(`/pro/pt-sessions/${input.id}/no-show`, undefined, { idempotencyKey: key }),
    (_input, out) => out.member.id,
  );
}

export function useTrainerHours(trainerId: string | null) {
  return useQuery({
    queryKey: ptKeys.hours(trainerId ?? ''),
    queryFn: ({ signal }) => api.get<TrainerHours>(`/pro/trainers/${trainerId}/hours`, { signal }),
    enabled: Boolean(trainerId),
  });
}

export function useSaveTrainerHours(trainerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hours: TrainerHoursSpan[]) =>
      api.request<TrainerHours>(`/pro/trainers/${trainerId}/hours`, { method: 'PUT', body: { hours } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ptKeys.hours(trainerId) }),
  });
}

export function useDaysOff(trainerId: string | null, from?: string) {
  return useQuery({
    queryKey: [...ptKeys.daysOff(trainerId ?? ''), from ?? null],
    queryFn: ({ signal }) =>
      api.get<{ items: DayOff[] }>(`/pro/trainers/${trainerId}/days-off`, { query: { from }, signal }),
    select: (answer) => answer.items,
    enabled: Boolean(trainerId),
  });
}

export function useAddDayOff(trainerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DayOffRequest) => api.post<DayOff>(`/pro/trainers/${trainerId}/days-off`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ptKeys.daysOff(trainerId) }),
  });
}

export function useDeleteDayOff(trainerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/pro/trainers/${trainerId}/days-off/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ptKeys.daysOff(trainerId) }),
  });
}

/** Staff flagged as trainers who work at a centre (for a role that may read staff). */
export function useTrainerOptions(centerId: string | null, enabled = true) {
  return useQuery({
    queryKey: ['staff', 'pt-trainers', centerId],
    queryFn: ({ signal }) =>
      api.get<{ items: { id: string; fullName: string }[] }>('/pro/staff', {
        query: { pageSize: 200, active: 'true', isTrainer: 'true', sort: 'name', ...(centerId ? { centerId } : {}) },
        signal,
      }),
    select: (answer) => answer.items,
    staleTime: 60_000,
    enabled,
  });
}
