import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeRealtime } from '../../shared/realtime';
import { classKeys } from './api';
import { changesClasses } from './classEvents';

/** A burst of taps at the door (a class arriving) asks the server once. */
export const CLASS_REFRESH_AFTER_MS = 800;

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
