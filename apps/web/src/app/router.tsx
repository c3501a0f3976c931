import { flattenRoutes, type RouteDef } from '@pv/contract';
import { Button } from 'antd';
import { Component, lazy, Suspense, useDeferredValue, useEffect, useMemo, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteHandle } from './route-handle';
import { RouteMatchesContext } from './route-matches';
import { BrowserRouter, matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { loadShellMessages } from '@/lib/i18n';
import { logRenderError } from '@/stores/error-log';
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

/**
 * Around the whole route tree: a render that fails outside a page (a page has its own boundary,
 * components/error-boundary.tsx) shows the error page instead of the layout, until the next
 * navigation, and goes to the error log like a page's.
 */
export class RouteErrorBoundary extends Component<
  { at: string; children: ReactNode },
  { error?: unknown; at?: string }
> {
  override state: { error?: unknown; at?: string } = {};
  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error(String(error)) };
  }
  static getDerivedStateFromProps(props: { at: string }, state: { error?: unknown; at?: string }) {
    return props.at === state.at ? null : { at: props.at, error: undefined };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // kept in the error log and reported, like a page's failed render
    logRenderError(error, info.componentStack);
  }
  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <Suspense fallback={null}>
        <RouteErrorPage error={this.state.error} />
      </Suspense>
    );
  }
}

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
  return [{ element: <RootLayout />, children: [...PUBLIC_ROUTES, ...signedIn] }];
}

/** Changes only when what the user may reach changes (not when the profile is re-read). */
export function accessKey(info: Pick<UserInfo, 'routerPaths' | 'orgGroup'> | null): string {
  return info ? `${info.orgGroup.orgGroupCode}|${info.routerPaths.join(',')}` : '';
}

/**
 * The route table for the current location, with the matched routes for the layouts (title,
 * current page). React Router's declarative mode: the data router's loaders, actions and fetchers
 * are not used here and cost 17 KB gzip of every first load.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const matches = useMemo(
    () => (matchRoutes(routes, location) ?? []).map((m) => ({ handle: m.route.handle })),
    [routes, location],
  );
  const element = useRoutes(routes, location);
  return (
    <RouteMatchesContext value={matches}>
      <RouteErrorBoundary at={location.pathname}>{element}</RouteErrorBoundary>
    </RouteMatchesContext>
  );
}

/**
 * One route table per signed-in user: routes are derived from the current user and never
 * accumulate across sign-ins (unlike router.addRoutes in vue-element-admin, issue #416).
 */
export function AppRouter() {
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
  const routes = useMemo(() => buildRoutes(info), [key]);
  // The key remounts the router and everything in it when what the user may reach changes: no
  // page, tab or state of the earlier routes survives.
  return (
    <BrowserRouter key={key}>
      <AppRoutes routes={routes} />
    </BrowserRouter>
  );
}
