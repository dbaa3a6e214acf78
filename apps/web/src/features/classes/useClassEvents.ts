import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeRealtime } from '../../shared/realtime';
import { asEntryEvent } from '../entries/liveFeed';
import { classKeys } from './api';

/** A burst of taps at the door (a class arriving) asks the server once. */
export const CLASS_REFRESH_AFTER_MS = 800;

/** Realtime messages that may change a class's counts or a booking's status. */
export function changesClasses(payload: unknown, centerId: string | null): boolean {
  const entry = asEntryEvent(payload);
  // A granted entry with a booking today marks it attended on the server.
  if (entry) return entry.entry.result === 'granted' && (centerId === null || entry.entry.center.id === centerId);
  if (!payload || typeof payload !== 'object') return false;
  const p = payload as { action?: unknown; center_id?: unknown };
  if (typeof p.action !== 'string' || !/^(booking|class)[._]/.test(p.action)) return false;
  return centerId === null || p.center_id === undefined || p.center_id === centerId;
}

/**
 * Keeps the class screens current: after a tap at the door of `centerId` (which marks a booking
 * attended) or a booking or class message, the class lists and bookings on screen are fetched again.
 */
export function useClassEvents(centerId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribeRealtime((payload) => {
      if (!changesClasses(payload, centerId)) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: classKeys.all });
        void queryClient.invalidateQueries({ queryKey: classKeys.bookings() });
      }, CLASS_REFRESH_AFTER_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [centerId, queryClient]);
}
