/**
 * Route guards (SCOPE.md): product routes need `read` on `ACL` and the route's own
 * `{action, resource}`; logged in but not permitted -> not-authorized; logged out -> login (the
 * wanted path is kept to come back after sign-in); sign-in pages send a signed-in user home.
 */
import { type AppAbility, homeForRole } from '@gym/contract/acl';
import type { RouteMeta } from './routeMeta';

export const PATHS = {
  home: '/',
  login: '/login',
  notAuthorized: '/pages/miscellaneous/not-authorized',
  underMaintenance: '/pages/miscellaneous/under-maintenance',
  error404: '/error-404',
} as const;

export interface GuardContext {
  loggedIn: boolean;
  role: string | null;
  ability: AppAbility;
  /** Path and query the user asked for (kept to return to after sign-in). */
  wanted: string;
  /** Maintenance mode (system config, read by `maintenance.ts`). */
  maintenance: boolean;
}

export type GuardDecision = { allow: true } | { allow: false; redirectTo: string };

const ALLOW: GuardDecision = { allow: true };

export function canNavigate(meta: Pick<RouteMeta, 'action' | 'resource'>, ability: AppAbility): boolean {
  if (meta.resource === 'Auth') return ability.can(meta.action, 'Auth');
  return ability.can('read', 'ACL') && ability.can(meta.action, meta.resource);
}

export function loginPathFor(wanted: string): string {
  return wanted && wanted !== '/' && safeReturnPath(wanted)
    ? `${PATHS.login}?redirect=${encodeURIComponent(wanted)}`
    : PATHS.login;
}

/** Only same-origin app paths may be returned to after sign-in (no `//host` or `https:` tricks). */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value.startsWith(PATHS.login)) return null;
  return value;
}

export function decideAccess(meta: RouteMeta, ctx: GuardContext): GuardDecision {
  if (meta.redirectIfLoggedIn && ctx.loggedIn) {
    const home = homeForRole(ctx.role);
    // A role with no home (none today) would otherwise bounce between /login and itself.
    if (home !== PATHS.login) return { allow: false, redirectTo: home };
  }
  if (meta.public) return ALLOW;

  const isAdmin = ctx.role === 'admin' || ctx.role === 'developer';
  if (ctx.maintenance && meta.resource !== 'Auth' && !isAdmin) {
    return { allow: false, redirectTo: PATHS.underMaintenance };
  }

  if (canNavigate(meta, ctx.ability)) return ALLOW;
  if (ctx.loggedIn) return { allow: false, redirectTo: PATHS.notAuthorized };
  return { allow: false, redirectTo: loginPathFor(ctx.wanted) };
}

/** Where to go after a successful sign-in: back to the wanted page, else the role's home. */
export function afterLoginPath(role: string, wanted: string | null): string {
  const back = safeReturnPath(wanted);
  return back ?? homeForRole(role);
}
