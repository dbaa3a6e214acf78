import type { publicConfigSchema, SystemConfig, updateSystemConfigRequestSchema } from '@gym/contract/config';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../shared/api/client';

export type PublicConfig = z.infer<typeof publicConfigSchema>;
export type UpdateSystemConfigRequest = z.input<typeof updateSystemConfigRequestSchema>;
export type { SystemConfig };

export const configQueryKey = ['config'] as const;
export const publicConfigQueryKey = ['config', 'public'] as const;

/** What every signed-in staff member may read: currency symbol, organisation name, maintenance. */
export function usePublicConfig() {
  return useQuery({
    queryKey: publicConfigQueryKey,
    queryFn: ({ signal }) => api.get<PublicConfig>('/pro/config/public', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useSystemConfig() {
  return useQuery({
    queryKey: [...configQueryKey, 'full'],
    queryFn: ({ signal }) => api.get<SystemConfig>('/pro/config', { signal }),
  });
}

export function useUpdateSystemConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSystemConfigRequest) => api.patch<SystemConfig>('/pro/config', body),
    onSuccess: (config) => {
      queryClient.setQueryData([...configQueryKey, 'full'], config);
      void queryClient.invalidateQueries({ queryKey: publicConfigQueryKey });
    },
  });
}

/** The number the next generated member code carries (the server's counter plus one), for the preview. */
export function useNextMemberSeq() {
  return useQuery({
    queryKey: [...configQueryKey, 'next-member-code'],
    queryFn: ({ signal }) => api.get<{ nextSeq: number }>('/pro/config/next-member-code', { signal }),
  });
}
