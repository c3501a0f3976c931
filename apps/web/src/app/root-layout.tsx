import { Spin } from 'antd';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import type { RouteHandle } from './route-handle';
import { useRouteMatches, type MatchedRoute } from './route-matches';
import { useDocumentTitle } from '@/lib/brand';

/** The title key of the deepest matched route that declares one. */
export function titleKeyOf(matches: readonly MatchedRoute[]): string | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle as RouteHandle | undefined;
    if (handle?.titleKey) return handle.titleKey;
  }
  return undefined;
}

/** Around every route: the page title from the route table, scroll to top on each navigation. */
export function RootLayout() {
  const { pathname } = useLocation();
  const matches = useRouteMatches();
  useDocumentTitle(titleKeyOf(matches));
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname]);
  return (
    <Suspense fallback={<Spin fullscreen />}>
      <Outlet />
    </Suspense>
  );
}
