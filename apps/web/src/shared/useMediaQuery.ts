import { useCallback, useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Below this width the side menu becomes a drawer (10-inch tablets in portrait). */
export const DESKTOP_MIN_WIDTH = 992;
export const useIsDesktop = () => useMediaQuery(`(min-width: ${DESKTOP_MIN_WIDTH}px)`);
