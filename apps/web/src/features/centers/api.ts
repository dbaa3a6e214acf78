import type { CenterSummary } from '@gym/contract/centers';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

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
