/**
 * The centre lists that the staff shell and several features read: the switcher's centres (those
 * the signed-in staff member may work at) and every centre of the organisation, inactive ones too,
 * for pickers. The centre administration screens (features/centers) keep the rest of the API.
 */
import type { CenterSummary, centerAdminListResponseSchema } from '@gym/contract/centers';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './api/client';

export const centersQueryKey = ['centers'] as const;

/** The centres the signed-in staff member may work at. */
export function useCenters(enabled = true) {
  return useQuery({
    queryKey: centersQueryKey,
    queryFn: ({ signal }) => api.get<{ items: CenterSummary[] }>('/pro/centers/switcher', { signal }),
    select: (answer) => answer.items,
    enabled,
  });
}

/** Query key root of the centre administration lists (invalidated when a centre changes). */
export const centerAdminKey = ['center-admin'] as const;

/** Every centre, inactive ones included, for pickers that must name any centre (staff's allowed centres). */
export function useAllCenters(enabled = true) {
  return useQuery({
    queryKey: [...centerAdminKey, 'all'],
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof centerAdminListResponseSchema>>('/pro/centers', {
        query: { includeInactive: 'true', pageSize: 200, sort: 'code' },
        signal,
      }),
    select: (answer) => answer.items,
    enabled,
    staleTime: 60_000,
  });
}
