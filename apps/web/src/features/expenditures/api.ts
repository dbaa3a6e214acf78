import type {
  createExpenditureSchema,
  Expenditure,
  ExpenditureCategory,
  expenditureListResponseSchema,
  updateExpenditureSchema,
} from '@gym/contract/expenditures';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { z } from 'zod';
import { api, idempotencyKeys, type QueryValue } from '../../shared/api/client';

export type { Expenditure, ExpenditureCategory };
export type ExpenditureListPage = z.infer<typeof expenditureListResponseSchema>;
export type CreateExpenditureRequest = z.input<typeof createExpenditureSchema>;
export type UpdateExpenditureRequest = z.input<typeof updateExpenditureSchema>;

const key = ['expenditures'] as const;
const categoriesKey = ['expenditure-categories'] as const;

export function useExpenditureList(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: [...key, 'list', query],
    queryFn: ({ signal }) => api.get<ExpenditureListPage>('/pro/expenditures', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useExpenditureCategories(includeInactive = false) {
  return useQuery({
    queryKey: [...categoriesKey, includeInactive],
    queryFn: ({ signal }) =>
      api.get<{ items: ExpenditureCategory[] }>('/pro/expenditure-categories', {
        query: includeInactive ? { includeInactive: 'true' } : {},
        signal,
      }),
    select: (data) => data.items,
  });
}

/** Records (one key per user action, so a double click records once) or changes an expenditure. */
export function useSaveExpenditure() {
  const queryClient = useQueryClient();
  const keys = useMemo(() => idempotencyKeys(), []);
  return useMutation({
    mutationFn: (input: { id: string | null; body: CreateExpenditureRequest | UpdateExpenditureRequest }) =>
      input.id
        ? api.patch<Expenditure>(`/pro/expenditures/${input.id}`, input.body)
        : api.post<Expenditure>('/pro/expenditures', input.body, { idempotencyKey: keys.keyFor(input.body) }),
    onSuccess: () => {
      keys.reset();
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

export function useDeleteExpenditure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; reason: string }) =>
      api.request<void>(`/pro/expenditures/${input.id}`, { method: 'DELETE', body: { reason: input.reason } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: { name?: string; active?: boolean } }) =>
      input.id
        ? api.patch<ExpenditureCategory>(`/pro/expenditure-categories/${input.id}`, input.body)
        : api.post<ExpenditureCategory>('/pro/expenditure-categories', input.body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: categoriesKey });
      // A renamed category shows under its new name in the list.
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
