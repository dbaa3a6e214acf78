/**
 * Classes and bookings over the API (`/pro/class-types`, `/pro/classes`, `/pro/bookings`) as
 * TanStack Query hooks. A booking change invalidates the class lists (booked / capacity / waitlist
 * counts), the bookings and the member's money (credits), so no screen shows a count older than the
 * desk's last action. Commands that use credits carry one `Idempotency-Key` per user action.
 */
import type {
  AttendanceMark,
  Booking,
  BookRequest,
  CancelBookingResponse,
  ClassDetail,
  ClassListItem,
  ClassType,
  CourseRoster,
  CreateClassRequest,
  CreateClassTypeRequest,
  cancelClassResponseSchema,
  createClassResponseSchema,
  EditScope,
  UpdateClassRequest,
  UpdateClassTypeRequest,
  updateClassResponseSchema,
} from '@gym/contract/classes';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { z } from 'zod';
import { api, idempotencyKeys, type QueryValue } from '../../shared/api/client';
import { catalogueKey } from '../catalogue/api';
import { salesKeys, useEntitlements } from '../sales/api';

export type { Booking, ClassDetail, ClassListItem, ClassType, CourseRoster };
export type CancelClassAnswer = z.infer<typeof cancelClassResponseSchema>;
export type CreateClassAnswer = z.infer<typeof createClassResponseSchema>;
export type UpdateClassAnswer = z.infer<typeof updateClassResponseSchema>;

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const CLASS_EXPORT_PATH = '/pro/classes/export';

export const classKeys = {
  all: ['classes'] as const,
  lists: () => [...classKeys.all, 'list'] as const,
  list: (query: Record<string, QueryValue>) => [...classKeys.lists(), query] as const,
  detail: (id: string) => [...classKeys.all, 'detail', id] as const,
  types: () => ['class-types'] as const,
  typeList: (query: Record<string, QueryValue>) => [...classKeys.types(), 'list', query] as const,
  bookings: () => ['bookings'] as const,
  bookingList: (query: Record<string, QueryValue>) => [...classKeys.bookings(), 'list', query] as const,
  /** A short course's sessions and attendance: under `all`, so any class or booking change refreshes it. */
  courseRoster: (courseId: string) => [...classKeys.all, 'course-roster', courseId] as const,
};

/** How often an open class list asks again when nothing told it of a change (a tab left open all day). */
export const CLASS_LIST_REFRESH_MS = 60_000;

export function useClassList(query: Record<string, QueryValue>, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: classKeys.list(query),
    queryFn: ({ signal }) => api.get<Page<ClassListItem>>('/pro/classes', { query, signal }),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
    refetchInterval: CLASS_LIST_REFRESH_MS,
    enabled: options.enabled ?? true,
  });
}

export function useClass(id: string | null) {
  return useQuery({
    queryKey: classKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<ClassDetail>(`/pro/classes/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

/** A short course's sessions (cancelled ones too) and its enrolled members' attendance in each. */
export function useCourseRoster(courseId: string | null) {
  return useQuery({
    queryKey: classKeys.courseRoster(courseId ?? ''),
    queryFn: ({ signal }) => api.get<CourseRoster>(`/pro/short-courses/${courseId}/sessions`, { signal }),
    enabled: Boolean(courseId),
    refetchOnWindowFocus: true,
  });
}

export function useClassTypeList(query: Record<string, QueryValue>, enabled = true) {
  return useQuery({
    queryKey: classKeys.typeList(query),
    queryFn: ({ signal }) => api.get<Page<ClassType>>('/pro/class-types', { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Every class type, for pickers and filters (a centre has a few dozen at most). */
export function useClassTypeOptions(enabled = true) {
  return useQuery({
    queryKey: classKeys.typeList({ pageSize: 200, sort: 'name', status: 'all' }),
    queryFn: ({ signal }) =>
      api.get<Page<ClassType>>('/pro/class-types', { query: { pageSize: 200, sort: 'name', status: 'all' }, signal }),
    select: (answer) => answer.items,
    staleTime: 60_000,
    enabled,
  });
}

export function useSaveClassType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: CreateClassTypeRequest | UpdateClassTypeRequest }) =>
      input.id
        ? api.patch<ClassType>(`/pro/class-types/${input.id}`, input.body)
        : api.post<ClassType>('/pro/class-types', input.body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: classKeys.types() });
      void queryClient.invalidateQueries({ queryKey: classKeys.all });
    },
  });
}

export function useBookings(query: Record<string, QueryValue>, enabled = true) {
  return useQuery({
    queryKey: classKeys.bookingList(query),
    queryFn: ({ signal }) => api.get<Page<Booking>>('/pro/bookings', { query, signal }),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
    enabled,
  });
}

/** A class planned, moved or cancelled: the lists, and the short courses' counts of scheduled sessions. */
function afterClassChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: classKeys.all });
  void queryClient.invalidateQueries({ queryKey: catalogueKey('courses') });
}

function afterBookingChange(queryClient: QueryClient, memberId?: string) {
  void queryClient.invalidateQueries({ queryKey: classKeys.all });
  void queryClient.invalidateQueries({ queryKey: classKeys.bookings() });
  if (memberId) void queryClient.invalidateQueries({ queryKey: salesKeys.member(memberId) });
}

/**
 * A command with one `Idempotency-Key` per user action: a double click or a retry after a lost
 * answer sends the same key with the same body and the server records it once.
 */
function useIdempotent<I, O>(send: (input: I, key: string) => Promise<O>, onDone: (out: O, input: I) => void) {
  const keys = useRef(idempotencyKeys());
  return useMutation({
    mutationFn: (input: I) => send(input, keys.current.keyFor(input)),
    onSuccess: (out, input) => {
      keys.current.reset();
      onDone(out, input);
    },
  });
}

export function useCreateClass() {
  const queryClient = useQueryClient();
  return useIdempotent(
    (body: CreateClassRequest, key) => api.post<CreateClassAnswer>('/pro/classes', body, { idempotencyKey: key }),
    (_answer, body) => {
      afterClassChange(queryClient);
      // A rental class takes hours off its renter's package.
      if (body.renterMemberId) void queryClient.invalidateQueries({ queryKey: salesKeys.member(body.renterMemberId) });
    },
  );
}

export function useUpdateClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; body: UpdateClassRequest }) =>
      api.patch<UpdateClassAnswer>(`/pro/classes/${input.id}`, input.body),
    onSuccess: () => {
      afterClassChange(queryClient);
      // A rental class's hours follow its length, date and renter.
      void queryClient.invalidateQueries({ queryKey: salesKeys.all });
    },
  });
}

export function useCancelClass() {
  const queryClient = useQueryClient();
  return useIdempotent(
    (input: { id: string; scope: EditScope; reason: string | null }, key) =>
      api.post<CancelClassAnswer>(
        `/pro/classes/${input.id}/cancel`,
        { scope: input.scope, reason: input.reason },
        { idempotencyKey: key },
      ),
    () => {
      afterBookingChange(queryClient);
      // A cancelled session is no longer among its short course's scheduled ones.
      void queryClient.invalidateQueries({ queryKey: catalogueKey('courses') });
      void queryClient.invalidateQueries({ queryKey: salesKeys.all });
    },
  );
}

export function useBook() {
  const queryClient = useQueryClient();
  return useIdempotent(
    (body: BookRequest, key) => api.post<Booking>('/pro/bookings', body, { idempotencyKey: key }),
    (_booking, body) => afterBookingChange(queryClient, body.memberId),
  );
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useIdempotent(
    (input: { id: string; memberId: string; reason?: string | null }, key) =>
      api.post<CancelBookingResponse>(
        `/pro/bookings/${input.id}/cancel`,
        { reason: input.reason ?? null },
        { idempotencyKey: key },
      ),
    (_booking, input) => afterBookingChange(queryClient, input.memberId),
  );
}

export function useWaiveBooking() {
  const queryClient = useQueryClient();
  return useIdempotent(
    (input: { id: string; memberId: string; note: string }, key) =>
      api.post<Booking>(`/pro/bookings/${input.id}/waive`, { note: input.note }, { idempotencyKey: key }),
    (_booking, input) => afterBookingChange(queryClient, input.memberId),
  );
}

export function useMarkAttendance() {
  const queryClient = useQueryClient();
  return useIdempotent(
    (input: { id: string; memberId: string; mark: AttendanceMark }, key) =>
      api.post<Booking>(`/pro/bookings/${input.id}/attendance`, { mark: input.mark }, { idempotencyKey: key }),
    (_booking, input) => afterBookingChange(queryClient, input.memberId),
  );
}

/** Rooms of a centre (active ones), for the filters and the class drawer. */
export function useRoomOptions(centerId: string | null) {
  return useQuery({
    queryKey: ['rooms', 'options', centerId],
    queryFn: ({ signal }) =>
      api.get<Page<{ id: string; name: string; capacity: number; center: { id: string } }>>('/pro/rooms', {
        query: { pageSize: 200, sort: 'name', ...(centerId ? { centerId } : {}) },
        signal,
      }),
    select: (answer) => answer.items,
    staleTime: 60_000,
  });
}

/** Staff who teach (trainers), for the teacher filter and the class drawer. */
export function useTeacherOptions(centerId: string | null, enabled = true) {
  return useQuery({
    queryKey: ['staff', 'teachers', centerId],
    queryFn: ({ signal }) =>
      api.get<Page<{ id: string; fullName: string; role: string }>>('/pro/staff', {
        query: { pageSize: 200, active: 'true', sort: 'name', ...(centerId ? { centerId } : {}) },
        signal,
      }),
    select: (answer) => answer.items,
    staleTime: 60_000,
    enabled,
  });
}

/** Outside teachers (users of role `client`), who may teach rental classes only. */
export function useOutsideTeacherOptions(enabled = true) {
  return useQuery({
    queryKey: ['staff', 'outside-teachers'],
    queryFn: ({ signal }) =>
      api.get<Page<{ id: string; fullName: string; role: string }>>('/pro/staff', {
        query: { pageSize: 200, active: 'true', sort: 'name', role: 'client' },
        signal,
      }),
    select: (answer) => answer.items,
    staleTime: 60_000,
    enabled,
  });
}

/** Hours left on a renter's active rental packages, as the member's entitlements say; null while unknown. */
export function useRentalHoursLeft(memberId: string | null, centerId: string | null) {
  const entitlements = useEntitlements(memberId ?? '', Boolean(memberId));
  if (!memberId || !entitlements.data) return { hours: null, loading: entitlements.isFetching };
  // The hours of the rental packages valid at the class's centre (as the server counts them).
  const hours = entitlements.data
    .filter(
      (e) =>
        e.kind === 'package' &&
        e.usage === 'rental' &&
        e.status === 'active' &&
        (!centerId || e.allCenters || e.centerIds.includes(centerId)),
    )
    .reduce((sum, e) => sum + (e.creditsLeft ?? 0), 0);
  return { hours, loading: false };
}
