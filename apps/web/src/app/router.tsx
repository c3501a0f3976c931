import { flattenRoutes, type RouteDef } from '@pv/contract';
import { Button } from 'antd';
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteHandle } from './route-handle';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { loadShellMessages } from '@/lib/i18n';
import { useSession, type UserInfo } from '@/stores/session';
import { RequireAuth } from './guards/require-auth';
import {
  AuthRedirectPage,
  CustomerCancelPage,
  GuidePage,
  HelpCenterLayout,
  HelpDocPage,
  IntroductionPage,
  LoginPage,
  NotFoundPage,
  PolicyPage,
  ProductPage,
} from './pages';
import { RootLayout } from './root-layout';
import { firstPath, groupRedirect, permittedTree } from './route-utils';

// The signed-in shell (sidebar, navbar, tags view) loads on demand with its texts and the
// dashboard's (a page's own come with the page, app/console-pages.tsx): the login page never pays for it.
const loadConsoleLayout = () =>
  Promise.all([import('./layout/console-layout'), loadShellMessages()]).then(([layout]) => layout);
const ConsoleLayout = lazy(() => loadConsoleLayout().then((m) => ({ default: m.ConsoleLayout })));

/** What is left when even the error page's code cannot load (the console was redeployed, say). */
function ReloadOffer() {
  const { t } = useTranslation();
  return (
    <div className="pv-page-loading">
      <Button onClick={() => window.location.reload()}>{t('layout.reload')}</Button>
    </div>
  );
}

// The last-resort error page (antd Result) loads only when a route fails, not with every first load.
const RouteErrorPage = lazy(() =>
  import('@/components/error-boundary').then(
    (m) => ({ default: m.RouteErrorPage }),
    () => ({ default: ReloadOffer }),
  ),
);
const ROUTE_ERROR = (
  <Suspense fallback={null}>
    <RouteErrorPage />
  </Suspense>
);

const titled = (titleKey: string): RouteHandle => ({ titleKey });

/** Spec §2: the routes that need no sign-in. */
export const PUBLIC_ROUTES: RouteObject[] = [
  { path: '/login', element: <LoginPage />, handle: titled('route.login') },
  { path: '/auth-redirect', element: <AuthRedirectPage />, handle: titled('route.authRedirect') },
  { path: '/404', element: <NotFoundPage />, handle: titled('route.notFound') },
  { path: '/guide', element: <GuidePage />, handle: titled('route.guide') },
  { path: '/policy', element: <PolicyPage />, handle: titled('route.policy') },
  { path: '/customer/cancel', element: <CustomerCancelPage />, handle: titled('route.customerCancel') },
  { path: '/HelpCenter', element: <Navigate to="/introduction" replace />, handle: titled('route.helpCenter') },
  {
    element: <HelpCenterLayout />,
    children: [
      { path: '/introduction', element: <IntroductionPage />, handle: titled('route.introduction') },
      { path: '/product', element: <ProductPage />, handle: titled('route.product') },
    ],
  },
  { path: '/helpDoc', element: <HelpDocPage />, handle: titled('route.helpDoc') },
];

/**
 * The signed-in part, built from the permitted tree only: a route the server did not permit is
 * not registered, so it falls through to the 404 page. Page routes carry their FlatRoute in the
 * handle and render nothing themselves: the layout keeps pages alive outside the <Outlet/>.
 */
export function consoleRoutes(tree: RouteDef[]): RouteObject[] {
  const flat = flattenRoutes(tree);
  const children: RouteObject[] = [{ index: true, element: <Navigate to={firstPath(tree) ?? '/404'} replace /> }];
  for (const route of flat) {
    if (route.children) {
      // "/" is the index above; other groups lead to their first permitted page
      const target = route.fullPath === '/' ? undefined : groupRedirect(tree, route.fullPath);
      if (target)
        children.push({
          path: route.fullPath,
          element: <Navigate to={target} replace />,
          handle: titled(route.titleKey),
        });
    } else {
      // element null: the layout renders the page (kept alive), not the router's <Outlet/>
      children.push({
        path: route.fullPath,
        element: null,
        handle: { titleKey: route.titleKey, page: route } satisfies RouteHandle,
      });
    }
  }
  children.push({
    path: '*',
    element: null,
    handle: { titleKey: 'route.notFound', notFound: true } satisfies RouteHandle,
  });
  return [
    {
      element: (
        <RequireAuth>
          <ConsoleLayout tree={tree} />
        </RequireAuth>
      ),
      children,
    },
  ];
}

/**
 * The whole route table for the current user. Without user info every non-public path goes to
 * the guard, which signs in or fetches the info; the router is then built again for that user.
 */
export function buildRoutes(info: Pick<UserInfo, 'routerPaths'> | null, saas: boolean = __SAAS__): RouteObject[] {
  const signedIn = info
    ? consoleRoutes(permittedTree(info.routerPaths, saas))
    : [{ path: '*', element: <RequireAuth /> }];
  return [{ element: <RootLayout />, errorElement: ROUTE_ERROR, children: [...PUBLIC_ROUTES, ...signedIn] }];
}

/** Changes only when what the user may reach changes (not when the profile is re-read). */
export function accessKey(info: Pick<UserInfo, 'routerPaths' | 'orgGroup'> | null): string {
  return info ? `${info.orgGroup.orgGroupCode}|${info.routerPaths.join(',')}` : '';
}

/**
 * One browser router per signed-in user: routes are derived from the current user and never
 * accumulate across sign-ins (unlike router.addRoutes in vue-element-admin, issue #416).
 */
export function useAppRouter(): { router: ReturnType<typeof createBrowserRouter>; key: string } {
  // The console for the user renders in a transition, which React splits into short tasks; from
  // the session store (useSyncExternalStore) it would render in one task of several hundred ms on
  // a phone. Until then <RequireAuth> keeps its spinner.
  const info = useDeferredValue(useSession((s) => s.info));
  const signingIn = useSession((s) => !!s.token && !s.info);
  const key = accessKey(info);
  // the shell's code loads while the user info is fetched, not after it
  useEffect(() => {
    if (signingIn) void loadConsoleLayout();
  }, [signingIn]);
  // Rebuilt on the access key alone so a fresh copy of the same user keeps the open pages.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const router = useMemo(() => createBrowserRouter(buildRoutes(info)), [key]);
  // The replaced router is disposed once its successor is in place (not in an effect cleanup,
  // which StrictMode runs on a router that is still in use).
  const previous = useRef(router);
  useEffect(() => {
    if (previous.current !== router) previous.current.dispose();
    previous.current = router;
  }, [router]);
  // The key remounts <RouterProvider>, which otherwise keeps the first router's state.
  return { router, key };
}
