import { useMatches } from 'react-router';
import { isRouteHandle, type RouteMeta } from './routeMeta';

export interface CurrentRoute {
  meta: RouteMeta;
  titleKey: string;
}

/** Meta of the deepest matched page route (title key resolved for routes like `/report/:code`). */
export function useRouteMeta(): CurrentRoute | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    if (match && isRouteHandle(match.handle)) {
      const titleKey = match.handle.titleKeyFor?.(match.params) ?? match.handle.meta.titleKey;
      return { meta: match.handle.meta, titleKey };
    }
  }
  return null;
}
