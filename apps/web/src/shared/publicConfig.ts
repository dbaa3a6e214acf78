/**
 * The organisation's configuration that every signed-in staff member may read: its name, its
 * currency (symbol, ISO code, decimals), the maintenance switch. Money is shown and typed with it.
 */
import type { publicConfigSchema } from '@gym/contract/config';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './api/client';

export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const publicConfigQueryKey = ['config', 'public'] as const;

/** What every signed-in staff member may read: currency symbol, organisation name, maintenance. */
export function usePublicConfig() {
  return useQuery({
    queryKey: publicConfigQueryKey,
    queryFn: ({ signal }) => api.get<PublicConfig>('/pro/config/public', { signal }),
    staleTime: 5 * 60_000,
  });
}
