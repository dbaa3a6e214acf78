/**
 * Builds the data router from the route table: guards as loaders, screens and layouts as lazy
 * chunks (with the 120 s load time-out), an error screen with Retry on every level.
 */
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { decideAccess, loginPathFor, PATHS } from '../shared/routing/guards';
import { guardContext } from '../shared/routing/pathAccess';
import type { RouteHandle } from '../shared/routing/routeMeta';
import { PAGE_ROUTES, type PageRoute, REDIRECT_ROUTES } from '../shared/routing/routes';
import { isLoggedIn } from '../shared/session';
import { lazyRoute } from './lazy';
import { RootShell } from './RootShell';
import { RouteErrorScreen } from './RouteErrorScreen';
import { SCREENS } from './screens';

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
