import type {
  Attendance,
  attendanceDaysResponseSchema,
  attendanceListResponseSchema,
  Entry,
  EntryOutcome,
  entryListResponseSchema,
} from '@gym/contract/entries';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useAbility } from '../../shared/acl';
import { api, idempotencyKeys, type QueryValue } from '../../shared/api/client';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { getCenterId } from '../../shared/centerSelection';
import { deliverLocally, subscribeRealtime } from '../../shared/realtime';
import { asEntryEvent, type EntryLive, mergeLiveEntry } from './liveFeed';

export type { Attendance, Entry, EntryLive };
export type EntryListPage = z.infer<typeof entryListResponseSchema>;
export type AttendanceListPage = z.infer<typeof attendanceListResponseSchema>;
export type AttendanceDays = z.infer<typeof attendanceDaysResponseSchema>;

export const entriesKey = ['entries'] as const;
const attendanceKey = ['staff-attendance'] as const;
const liveKey = (centerId: string | null) => [...entriesKey, 'live', centerId] as const;

export function useEntryList(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: [...entriesKey, 'list', query],
    queryFn: ({ signal }) => api.get<EntryListPage>('/pro/entries', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The counts and last taps of a centre today; kept current by `useEntryEvents`. */
export function useEntryLive(centerId: string | null, enabled = true) {
  return useQuery({
    queryKey: liveKey(centerId),
    queryFn: ({ signal }) => api.get<EntryLive>('/pro/entries/live', { query: { centerId: centerId! }, signal }),
    enabled: enabled && Boolean(centerId),
    // The realtime channel keeps it current; a fetch now and then corrects the estimate of who is in.
    staleTime: 30_000,
    refetchInterval: 5 * 60_000,
  });
}

/** After a burst of taps, the panel's counts are fetched once again (the server's are exact). */
const RECOUNT_AFTER_MS = 3_000;

/**
 * Entry notifications of `centerId` (other centres' are ignored): merged at once into that centre's
 * live panel, passed to `onEntry`, and the panel fetched again once the burst is over.
 */
export function useEntryEvents(centerId: string | null, onEntry?: (entry: Entry) => void) {
  const queryClient = useQueryClient();
  const onEntryRef = useRef(onEntry);
  onEntryRef.current = onEntry;
  useEffect(() => {
    if (!centerId) return;
    let recount: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribeRealtime((payload) => {
      const event = asEntryEvent(payload);
      if (!event || event.center_id !== centerId || event.entry.center.id !== centerId) return;
      queryClient.setQueryData<EntryLive>(liveKey(centerId), (live) =>
        live ? mergeLiveEntry(live, event.entry) : live,
      );
      onEntryRef.current?.(event.entry);
      clearTimeout(recount);
      recount = setTimeout(() => void queryClient.invalidateQueries({ queryKey: liveKey(centerId) }), RECOUNT_AFTER_MS);
    });
    return () => {
      clearTimeout(recount);
      unsubscribe();
    };
  }, [centerId, queryClient]);
}

/** Lets a denied member in with a reason (one key per dialog, so a double click records once). */
export function useOverrideEntry() {
  const queryClient = useQueryClient();
  const keys = useMemo(() => idempotencyKeys(), []);
  return useMutation({
    mutationFn: (input: { id: string; reason: string }) =>
      api.post<EntryOutcome>(
        `/pro/entries/${input.id}/override`,
        { reason: input.reason },
        { idempotencyKey: keys.keyFor(input) },
      ),
    onSuccess: () => {
      keys.reset();
      void queryClient.invalidateQueries({ queryKey: entriesKey });
    },
  });
}

/** Staff to filter the attendance by (active ones; up to 200, a gym's whole team). */
export function useStaffOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['staff', 'list', { pageSize: 200, active: 'true', sort: 'name' }],
    queryFn: ({ signal }) =>
      api.get<{ items: { id: string; fullName: string }[] }>('/pro/staff', {
        query: { pageSize: 200, active: 'true', sort: 'name' },
        signal,
      }),
    select: (answer) => answer.items,
    enabled,
    staleTime: 60_000,
  });
}

export function useAttendanceList(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: [...attendanceKey, 'list', query],
    queryFn: ({ signal }) => api.get<AttendanceListPage>('/pro/staff-attendance', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAttendanceDays(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: [...attendanceKey, 'days', query],
    queryFn: ({ signal }) => api.get<AttendanceDays>('/pro/staff-attendance/days', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

class NoCentre extends Error {}

/** Whether this user may check members in (the door's permission). */
export function useMayCheckIn(): boolean {
  return useAbility().can('create', 'Entry');
}

/**
 * Check in without a card: `POST /pro/students/{id}/entry` at the tab's centre, one
 * `Idempotency-Key` per click (a double click records once). The server decides granted or denied
 * by the tap's rule and tells the centre's browsers; this browser shows the toast and the feed's row
 * at once (`deliverLocally`), and says so when the member was already in (a duplicate, not announced).
 */
export function useCheckIn() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const keys = useMemo(() => idempotencyKeys(), []);
  return useMutation({
    mutationFn: (member: { id: string; name?: string }) => {
      const centerId = getCenterId();
      if (!centerId) throw new NoCentre();
      const body = { center_id: centerId };
      return api.post<EntryOutcome>(`/pro/students/${encodeURIComponent(member.id)}/entry`, body, {
        idempotencyKey: keys.keyFor({ member: member.id, ...body }),
      });
    },
    onSuccess: (outcome, member) => {
      keys.reset();
      if (outcome.result === 'duplicate')
        void message.info(t('door:checkIn.already', { name: outcome.entry.member?.name ?? member.name ?? '' }));
      else
        deliverLocally({
          center_id: outcome.entry.center.id,
          action: 'entry',
          message: outcome.message,
          icon: '',
          entry: outcome.entry,
        });
      void queryClient.invalidateQueries({ queryKey: entriesKey });
      // The member's file (`memberKeys.detail`, `salesKeys.member`): last visit, and a credit the entry took.
      void queryClient.invalidateQueries({ queryKey: ['members', 'detail', member.id] });
      void queryClient.invalidateQueries({ queryKey: ['sales', 'member', member.id] });
    },
    onError: (error) =>
      void message.error(error instanceof NoCentre ? t('door:noCentreCheckIn') : apiErrorMessage(t, error)),
  });
}
