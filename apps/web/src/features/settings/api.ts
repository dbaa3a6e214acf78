import type { SystemConfig, updateSystemConfigRequestSchema } from '@gym/contract/config';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../shared/api/client';
import { publicConfigQueryKey } from '../../shared/publicConfig';

export { type PublicConfig, publicConfigQueryKey, usePublicConfig } from '../../shared/publicConfig';
export type UpdateSystemConfigRequest = z.input<typeof updateSystemConfigRequestSchema>;
export type { SystemConfig };

export const configQueryKey = ['config'] as const;

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
