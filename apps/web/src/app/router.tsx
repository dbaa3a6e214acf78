/**
 * Builds the data router from the route table: guards as loaders, screens and layouts as lazy
 * chunks (with the 120 s load time-out), an error screen with Retry on every level.
 */
import { createBrowserRouter, type LoaderFunctionArgs, matchRoutes, type RouteObject, redirect } from 'react-router';
import { currentAbility } from '../shared/acl';
import { getUserData, isLoggedIn } from '../shared/session';
import { decideAccess, type GuardContext, loginPathFor, PATHS } from './guards';
import { lazyRoute } from './lazy';
import { isMaintenanceMode } from './maintenance';
import { RootShell } from './RootShell';
import { RouteErrorScreen } from './RouteErrorScreen';
import type { RouteHandle } from './routeMeta';
import { PAGE_ROUTES, type PageRoute, REDIRECT_ROUTES, SCREENS } from './routes';

function guardContext(wanted: string): GuardContext {
  const loggedIn = isLoggedIn();
  return {
    loggedIn,
    role: loggedIn ? (getUserData()?.role ?? null) : null,
    ability: currentAbility(),
    wanted,
    maintenance: isMaintenanceMode(),
  };
}

function guardLoader(route: PageRoute) {
  return ({ request, params }: LoaderFunctionArgs) => {
    const meta = route.resolve ? route.resolve(params) : route.meta;
    if (!meta) throw redirect(PATHS.error404);
    const url = new URL(request.url);
    const decision = decideAccess(meta, guardContext(`${url.pathname}${url.search}`));
    if (!decision.allow) throw redirect(decision.redirectTo);
    return null;
  };
}

function pageRouteObject(route: PageRoute): RouteObject {
  const handle: RouteHandle = {
    meta: route.meta,
    ...(route.resolve
      ? {
          titleKeyFor: (params: Record<string, string | undefined>) => route.resolve?.(params)?.titleKey,
        }
      : {}),
  };
  return {
    path: route.path,
    id: `page:${route.path}`,
    handle,
    loader: guardLoader(route),
    lazy: lazyRoute(SCREENS[route.screen]),
    errorElement: <RouteErrorScreen />,
  };
}

/** Nothing is shown while the first screen loads: the boot overlay of index.html covers it. */
function NoFallback() {
  return null;
}

const rootRedirect = REDIRECT_ROUTES.find((r) => r.path === '/')?.redirectTo ?? '/class-list';

export function buildRouteObjects(): RouteObject[] {
  const inApp = PAGE_ROUTES.filter((r) => r.meta.layout === 'vertical-or-horizontal');
  const inFull = PAGE_ROUTES.filter((r) => r.meta.layout === 'full');
  return [
    {
      id: 'root',
      Component: RootShell,
      errorElement: <RouteErrorScreen />,
      HydrateFallback: NoFallback,
      children: [
        {
          index: true,
          // A signed-out visitor goes straight to sign-in (and comes back to the class list after),
          // rather than first downloading the staff layout only to be redirected away.
          loader: () => redirect(isLoggedIn() ? rootRedirect : loginPathFor(rootRedirect)),
        },
        ...REDIRECT_ROUTES.filter((r) => r.path !== '/').map<RouteObject>((r) => ({
          path: r.path,
          loader: ({ request }) => redirect(`${r.redirectTo}${new URL(request.url).search}`),
        })),
        {
          id: 'layout:app',
          lazy: lazyRoute(() => import('./layouts/AppLayout')),
          errorElement: <RouteErrorScreen />,
          children: inApp.map(pageRouteObject),
        },
        {
          id: 'layout:full',
          lazy: lazyRoute(() => import('./layouts/FullLayout')),
          errorElement: <RouteErrorScreen />,
          children: inFull.map(pageRouteObject),
        },
        { path: '*', loader: () => redirect(PATHS.error404) },
      ],
    },
  ];
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(): AppRouter {
  return createBrowserRouter(buildRouteObjects());
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
