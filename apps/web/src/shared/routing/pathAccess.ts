/**
 * Whether the current user may open a page, from the route table and the guards. Kept apart from
 * the router so that screens (sign-in returning to the wanted page) can ask without importing the
 * router, which imports every screen.
 */
import { matchRoutes } from 'react-router';
import { currentAbility } from '../acl';
import { getUserData, isLoggedIn } from '../session';
import { decideAccess, type GuardContext } from './guards';
import { isMaintenanceMode } from './maintenanceFlag';
import { PAGE_ROUTES } from './routes';

export function guardContext(wanted: string): GuardContext {
  const loggedIn = isLoggedIn();
  return {
    loggedIn,
    role: loggedIn ? (getUserData()?.role ?? null) : null,
    ability: currentAbility(),
    wanted,
    maintenance: isMaintenanceMode(),
  };
}

/** Whether a path (with query) is a page the current user may open; used to return after sign-in. */
export function isPathAllowed(path: string): boolean {
  const [pathname = '/', search = ''] = path.split('?');
  const matches = matchRoutes(
    PAGE_ROUTES.map((r) => ({ path: r.path, id: r.path })),
    pathname,
  );
  const last = matches?.[matches.length - 1];
  const route = last ? PAGE_ROUTES.find((r) => r.path === last.route.path) : undefined;
  if (!route || !last) return pathname === '/';
  const meta = route.resolve ? route.resolve(last.params) : route.meta;
  if (!meta) return false;
  return decideAccess(meta, guardContext(`${pathname}${search ? `?${search}` : ''}`)).allow;
}
