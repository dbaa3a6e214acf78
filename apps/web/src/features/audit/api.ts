import type { AuditListResponse } from '@gym/contract/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryValue } from '../../shared/api/client';

export type AuditRow = AuditListResponse['items'][number];

export function useAuditLog(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: ['audit', 'list', query],
    queryFn: ({ signal }) => api.get<AuditListResponse>('/pro/audit', { query, signal }),
    placeholderData: keepPreviousData,
  });
}
