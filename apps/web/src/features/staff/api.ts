import type {
  createStaffRequestSchema,
  Staff,
  staffListResponseSchema,
  updateStaffRequestSchema,
} from '@gym/contract/staff';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type QueryValue } from '../../shared/api/client';

export type StaffListPage = z.infer<typeof staffListResponseSchema>;
export type StaffListItem = StaffListPage['items'][number];
export type CreateStaffRequest = z.input<typeof createStaffRequestSchema>;
export type UpdateStaffRequest = z.input<typeof updateStaffRequestSchema>;
export type { Staff };

const staffKey = ['staff'] as const;

export function useStaffList(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: [...staffKey, 'list', query],
    queryFn: ({ signal }) => api.get<StaffListPage>('/pro/staff', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useStaffMember(id: string | undefined) {
  return useQuery({
    queryKey: [...staffKey, 'detail', id],
    queryFn: ({ signal }) => api.get<Staff>(`/pro/staff/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

function useStaffMutation<TInput, TAnswer>(run: (input: TInput) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}

export const useCreateStaff = () => useStaffMutation((body: CreateStaffRequest) => api.post<Staff>('/pro/staff', body));

export const useUpdateStaff = () =>
  useStaffMutation((input: { id: string; body: UpdateStaffRequest }) =>
    api.patch<Staff>(`/pro/staff/${input.id}`, input.body),
  );

export type AccountAction = 'invite' | 'reset-password' | 'sign-out' | 'deactivate' | 'activate';

export const useStaffAccountAction = () =>
  useStaffMutation((input: { id: string; action: AccountAction }) =>
    api.post<unknown>(`/pro/staff/${input.id}/${input.action}`),
  );

export const useAttachStaffCard = () =>
  useStaffMutation((input: { id: string; number: string }) =>
    api.post<unknown>(`/pro/staff/${input.id}/cards`, { number: input.number }),
  );

export const useDetachStaffCard = () =>
  useStaffMutation((input: { id: string; cardId: string }) =>
    api.delete<void>(`/pro/staff/${input.id}/cards/${input.cardId}`),
  );
