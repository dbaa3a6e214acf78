import type {
  CenterDetail,
  centerAdminListResponseSchema,
  createCenterRequestSchema,
  updateCenterRequestSchema,
} from '@gym/contract/centers';
import type { Reader, readerWithSecretSchema } from '@gym/contract/readers';
import type { Room, roomListResponseSchema } from '@gym/contract/rooms';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type QueryValue } from '../../shared/api/client';
import { centerAdminKey, centersQueryKey } from '../../shared/centers';

export { centersQueryKey, useAllCenters, useCenters } from '../../shared/centers';

// The administration screens keep their own key root: the staff shell invalidates `centers` on every
// page change, and the lists need not be fetched again for that.
const adminKey = centerAdminKey;
const roomsKey = ['rooms'] as const;

export type CenterListPage = z.infer<typeof centerAdminListResponseSchema>;
export type CenterListItem = CenterListPage['items'][number];
export type CreateCenterRequest = z.input<typeof createCenterRequestSchema>;
export type UpdateCenterRequest = z.input<typeof updateCenterRequestSchema>;
export type ReaderWithSecret = z.infer<typeof readerWithSecretSchema>;
export type RoomListPage = z.infer<typeof roomListResponseSchema>;
export type { CenterDetail, Reader, Room };

export function useCenterList(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: [...adminKey, 'list', query],
    queryFn: ({ signal }) => api.get<CenterListPage>('/pro/centers', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCenterDetail(id: string | null) {
  return useQuery({
    queryKey: [...adminKey, 'detail', id],
    queryFn: ({ signal }) => api.get<CenterDetail>(`/pro/centers/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

/** After any change to centres: the admin screens and the navbar's switcher read them again. */
function useInvalidateCenters() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKey });
    void queryClient.invalidateQueries({ queryKey: centersQueryKey });
  };
}

export function useSaveCenter() {
  const invalidate = useInvalidateCenters();
  return useMutation({
    mutationFn: (input: { id: string | null; body: CreateCenterRequest | UpdateCenterRequest }) =>
      input.id
        ? api.patch<CenterDetail>(`/pro/centers/${input.id}`, input.body)
        : api.post<CenterDetail>('/pro/centers', input.body),
    onSuccess: invalidate,
  });
}

export function useSetCenterActive() {
  const invalidate = useInvalidateCenters();
  return useMutation({
    mutationFn: (input: { id: string; active: boolean }) =>
      api.post<CenterDetail>(`/pro/centers/${input.id}/${input.active ? 'activate' : 'deactivate'}`),
    onSuccess: invalidate,
  });
}

// ---- card readers (listed inside the centre detail) ----

export function useCreateReader() {
  const invalidate = useInvalidateCenters();
  return useMutation({
    mutationFn: (body: { centerId: string; name: string; sn: string }) =>
      api.post<ReaderWithSecret>('/pro/readers', body),
    onSuccess: invalidate,
  });
}

export function useRotateReaderSecret() {
  const invalidate = useInvalidateCenters();
  return useMutation({
    mutationFn: (id: string) => api.post<ReaderWithSecret>(`/pro/readers/${id}/rotate-secret`),
    onSuccess: invalidate,
  });
}

export function useUpdateReader() {
  const invalidate = useInvalidateCenters();
  return useMutation({
    mutationFn: (input: { id: string; body: { name?: string; active?: boolean } }) =>
      api.patch<Reader>(`/pro/readers/${input.id}`, input.body),
    onSuccess: invalidate,
  });
}

export function useDeleteReader() {
  const invalidate = useInvalidateCenters();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/pro/readers/${id}`),
    onSuccess: invalidate,
  });
}

// ---- rooms ----

export function useRoomList(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: [...roomsKey, 'list', query],
    queryFn: ({ signal }) => api.get<RoomListPage>('/pro/rooms', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export interface RoomInput {
  centerId?: string;
  name?: string;
  capacity?: number;
  notes?: string | null;
  active?: boolean;
}

export function useSaveRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: RoomInput }) =>
      input.id ? api.patch<Room>(`/pro/rooms/${input.id}`, input.body) : api.post<Room>('/pro/rooms', input.body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: roomsKey });
      // The centre screen shows how many rooms a centre has.
      void queryClient.invalidateQueries({ queryKey: adminKey });
    },
  });
}
