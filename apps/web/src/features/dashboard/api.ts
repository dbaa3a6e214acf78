import { type Dashboard, FIGURES_CHANGED } from '@gym/contract/dashboard';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../shared/api/client';
import { subscribeRealtime } from '../../shared/realtime';

export type { Dashboard };

const dashboardKey = (centerId: string | null) => ['dashboard', centerId] as const;

/** The centre's figures of the day; `useFigureEvents` reads them again when they change. */
export function useDashboard(centerId: string | null) {
  return useQuery({
    queryKey: dashboardKey(centerId),
    queryFn: ({ signal }) => api.get<Dashboard>('/pro/dashboard', { query: { centerId: centerId! }, signal }),
    enabled: Boolean(centerId),
    staleTime: 30_000,
    // The realtime channel keeps it current; a read now and then covers a message lost while offline.
    refetchInterval: 60_000,
  });
}

/** A burst of taps or payments reads the figures once, this long after its first message. */
export const REFETCH_AFTER_MS = 400;

/** Whether a realtime message says that a figure of `centerId` changed (a sale, a payment, a refund, a tap). */
export function changesFigures(payload: unknown, centerId: string): boolean {
  if (!payload || typeof payload !== 'object') return false;
  const p = payload as { action?: unknown; center_id?: unknown };
  return (p.action === FIGURES_CHANGED || p.action === 'entry') && p.center_id === centerId;
}

/** Reads the centre's figures again soon after a message says one changed (within a second, never a reload). */
export function useFigureEvents(centerId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!centerId) return;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribeRealtime((payload) => {
      if (!changesFigures(payload, centerId) || pending) return;
      pending = setTimeout(() => {
        pending = undefined;
        void queryClient.invalidateQueries({ queryKey: dashboardKey(centerId) });
      }, REFETCH_AFTER_MS);
    });
    return () => {
      clearTimeout(pending);
      unsubscribe();
    };
  }, [centerId, queryClient]);
}
