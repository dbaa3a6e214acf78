import type { Action, Resource } from '@gym/contract/acl';

export type RouteLayout = 'vertical-or-horizontal' | 'full';

/** What every route says about itself. Kept as plain data so tests can enumerate it. */
export interface RouteMeta {
  /** Key in the `titles` namespace; the page title is bilingual. */
  titleKey: string;
  /** Resource checked with `action` (besides `read` on `ACL` for product routes). */
  resource: Resource | 'ACL' | 'Auth';
  action: Action;
  layout: RouteLayout;
  /** Sign-in pages: a signed-in user is sent to their role's home. */
  redirectIfLoggedIn: boolean;
  /** Open to anyone, signed in or not (public pages for members, error pages). */
  public: boolean;
}

/** The `handle` of a page route in the router: its meta plus, for `/report/:code`, a title per param. */
export interface RouteHandle {
  meta: RouteMeta;
  titleKeyFor?: (params: Record<string, string | undefined>) => string | undefined;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return Boolean(value) && typeof value === 'object' && 'meta' in (value as object);
}
