import type { outboxMessageSchema } from '@gym/contract/outbox';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../shared/api/client';

export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export interface OutboxPage {
  items: OutboxMessage[];
  total: number;
  page: number;
  pageSize: number;
}

export function useOutbox(page: number, pageSize: number) {
  return useQuery({
    queryKey: ['outbox', page, pageSize],
    queryFn: ({ signal }) => api.get<OutboxPage>('/pro/outbox', { query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}
