import { flattenRoutes, SIDEBAR_WIDTH_DOUBLE, SIDEBAR_WIDTH_SINGLE, type FlatRoute, type RouteDef } from '@pv/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { Spin } from 'antd';
import {
  Activity,
  lazy,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type CSSProperties,
} from 'react';
import { Outlet, useLocation } from 'react-router';
import { isMobileWidth, useApp } from '@/stores/app';
import { homePathOf, useSession } from '@/stores/session';
import { useSettings } from '@/stores/settings';
import { useTagsView, viewOf } from '@/stores/tags-view';
import { PageErrorBoundary } from '@/components/error-boundary';
import { LazyDrawer } from '@/components/lazy-drawer';
import { queryClient } from '@/lib/query-client';
import { PageRouteContext } from '@/app/page-context';
import { pageFor } from '@/app/console-pages';
import { loadAllMessages } from '@/lib/i18n';
import { NotFoundPage } from '@/app/pages';
import { pagesByPath } from '@/app/route-utils';
import type { RouteHandle } from '@/app/route-handle';
import { useRouteMatches } from '@/app/route-matches';
import { Navbar } from './navbar';
import { DoubleSidebar, SingleSidebar, SUB_SIDEBAR_WIDTH } from './sidebar';
import { TagsView } from './tags-view';

const fallback = (
  <div className="pv-page-loading">
    <Spin />
  </div>
);

const COLLAPSED_WIDTH = 56;

// The settings panel's code (switches, radio buttons) loads when it is first opened, not with every page.
const SettingsDrawer = lazy(() =>
  Promise.all([import('./settings-drawer'), loadAllMessages()]).then(([m]) => ({ default: m.SettingsDrawer })),
);

function PageView({ route, refreshKey }: { route: FlatRoute; refreshKey: number }) {
  const Page = pageFor(route.name);
  return (
    <PageRouteContext.Provider value={route}>
      {/* the key remounts the page on "refresh"; the wrapper fades it in when it is shown */}
      <div className="pv-page" key={refreshKey}>
        <PageErrorBoundary>
          <Suspense fallback={fallback}>
            <Page />
          </Suspense>
        </PageErrorBoundary>
      </div>
    </PageRouteContext.Provider>
  );
}

/** Server state (react-query) serves the signed-in screens only, so its client loads with them, not with /login. */
export function ConsoleLayout(props: { tree: RouteDef[] }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConsoleShell {...props} />
    </QueryClientProvider>
  );
}

/**
 * The signed-in console: sidebar, navbar, tags view and the permitted pages. Visited pages stay
 * mounted but hidden (React <Activity>) unless their route is noCache, so a list keeps its
 * filters and scroll when the user comes back through a tab.
 */
function ConsoleShell({ tree }: { tree: RouteDef[] }) {
  const info = useSession((s) => s.info);
  const { pathname, search } = useLocation();
  const matches = useRouteMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  const current = handle?.page;
  const pages = useMemo(() => pagesByPath(tree), [tree]);
  const flat = useMemo(() => flattenRoutes(tree), [tree]);
  const settings = useSettings();
  const { sidebar, device, toggleDevice, closeSidebar, toggleSidebar } = useApp();
  const { cachedViews, refreshKeys, addView, keepOnly } = useTagsView();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsUsed, setSettingsUsed] = useState(false);
  // The console mounts in four commits, each in a transition started once the one before is on
  // screen: the shell (sidebar, bar), the tabs, the bar's menus, the page. Shorter tasks than one
  // commit of the whole console (on a phone, hundreds of ms of input delay while it starts).
  const [stage, setStage] = useState(0);
  useEffect(() => {
    if (stage < 3) startTransition(() => setStage(stage + 1));
  }, [stage]);
  const showPages = stage >= 3;

  // Tabs of an earlier user (or of a route no longer permitted) never show; affix tabs come first:
  // the dashboard, or the landing page of a user without one (viewOf).
  const landing = homePathOf(info);
  useEffect(() => {
    keepOnly([...pages.keys()]);
    for (const route of pages.values()) {
      const view = viewOf(route, landing);
      if (view.affix) addView(view);
    }
  }, [pages, landing, addView, keepOnly]);
  useEffect(() => {
    if (current) addView(viewOf(current, landing, pathname + search));
  }, [current, landing, pathname, search, addView]);
  // the pages opened in this console so far (see `alive` below)
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    if (current && !opened.has(current.fullPath)) setOpened((o) => new Set(o).add(current.fullPath));
  }, [current, opened]);

  // spec §4: under 992px the console is in mobile mode and the sidebar closes. The body's width comes
  // from a ResizeObserver, which reads it after the browser's own layout: measured in this effect, it
  // would lay out the whole new console inside the task that mounts it (a long task on a phone).
  useEffect(() => {
    // the device measured at boot (stores/app), when the page was still empty
    if (useApp.getState().device === 'mobile') closeSidebar(true);
    const observer = new ResizeObserver(([entry]) => {
      const width = entry?.borderBoxSize?.[0]?.inlineSize ?? document.body.getBoundingClientRect().width;
      const mobile = isMobileWidth(width);
      // close on entering mobile mode only, so an on-screen keyboard does not shut the open drawer
      const entering = mobile && useApp.getState().device !== 'mobile';
      toggleDevice(mobile ? 'mobile' : 'desktop');
      if (entering) closeSidebar(true);
    });
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [toggleDevice, closeSidebar]);

  const openSettings = useCallback(() => {
    setSettingsUsed(true);
    setSettingsOpen(true);
  }, []);
  const closeMobile = useCallback(() => {
    if (useApp.getState().device === 'mobile') closeSidebar(false);
  }, [closeSidebar]);

  if (!info) return null;
  const home = homePathOf(info);

  // Kept alive: the cached pages the user has opened here (an affix tab, the dashboard say, is only
  // a tab until it is opened: rendering it hidden would load its code and data on every page).
  const alive = cachedViews.filter(
    (path) => pages.has(path) && !pages.get(path)!.noCache && (opened.has(path) || path === current?.fullPath),
  );
  const keepCurrent = !!current && !current.noCache;
  if (keepCurrent && !alive.includes(current.fullPath)) alive.push(current.fullPath);

  const double = settings.sidebarType === 2 && device === 'desktop';
  const width = double
    ? SIDEBAR_WIDTH_DOUBLE + (sidebar.opened ? SUB_SIDEBAR_WIDTH : 0)
    : sidebar.opened
      ? SIDEBAR_WIDTH_SINGLE
      : COLLAPSED_WIDTH;
  const sidebarEl = double ? (
    <DoubleSidebar tree={tree} showLogo={settings.sidebarLogo} home={home} showSub={sidebar.opened} />
  ) : (
    <SingleSidebar
      tree={tree}
      collapsed={device === 'desktop' && !sidebar.opened}
      showLogo={settings.sidebarLogo}
      home={home}
      onNavigate={closeMobile}
    />
  );

  const style = {
    '--pv-theme': settings.theme,
    '--pv-aside-width': `${device === 'desktop' ? width : 0}px`,
  } as CSSProperties;
  return (
    <div
      className={['pv-app', device === 'mobile' && 'pv-mobile', sidebar.withoutAnimation && 'pv-no-anim']
        .filter(Boolean)
        .join(' ')}
      style={style}
    >
      {device === 'desktop' ? (
        <aside className="pv-aside" style={{ width }}>
          {sidebarEl}
        </aside>
      ) : (
        <LazyDrawer
          placement="left"
          open={sidebar.opened}
          onClose={toggleSidebar}
          size={220}
          closable={false}
          styles={{ body: { padding: 0, background: 'var(--pv-aside-bg)' } }}
          rootClassName="pv-aside-drawer"
          rootStyle={style}
        >
          {sidebarEl}
        </LazyDrawer>
      )}
      <div className="pv-main">
        <header className={`pv-header ${settings.fixedHeader ? 'pv-header-fixed' : ''}`}>
          <Navbar
            tree={tree}
            pages={flat}
            info={info}
            menus={stage >= 2}
            onOpenSettings={settings.showSettings ? openSettings : undefined}
          />
          {/* the bar's place meanwhile: nothing moves when it comes */}
          {settings.tagsView && (stage >= 1 ? <TagsView home={home} /> : <div className="pv-tags" />)}
        </header>
        <main className="pv-content">
          {!showPages && fallback}
          {showPages &&
            alive.map((path) => (
              <Activity key={path} mode={path === current?.fullPath ? 'visible' : 'hidden'}>
                <PageView route={pages.get(path)!} refreshKey={refreshKeys[path] ?? 0} />
              </Activity>
            ))}
          {showPages && current && !keepCurrent && (
            <PageView key={current.fullPath} route={current} refreshKey={refreshKeys[current.fullPath] ?? 0} />
          )}
          {handle?.notFound && (
            <Suspense fallback={fallback}>
              <NotFoundPage />
            </Suspense>
          )}
          {/* the index and group routes render their redirect here */}
          {!current && !handle?.notFound && <Outlet />}
        </main>
      </div>
      {settings.showSettings && settingsUsed && (
        <Suspense fallback={null}>
          <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
