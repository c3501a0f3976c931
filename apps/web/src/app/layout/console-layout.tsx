import { MOBILE_BREAKPOINT, SIDEBAR_WIDTH_DOUBLE, SIDEBAR_WIDTH_SINGLE } from '@pv/contract';
import { Drawer, Spin } from 'antd';
import { Activity, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useApp } from '../../stores/app';
import { useSettings } from '../../stores/settings';
import { homePathOf, type UserInfo } from '../../stores/session';
import { useTagsView } from '../../stores/tags-view';
import { PageRouteContext } from '../page-context';
import { NotFoundPage, pageFor } from '../pages';
import { firstPath, flatten, groupRedirect, permittedTree } from '../route-utils';
import { useDocumentTitle } from '../use-document-title';
import { Navbar } from './navbar';
import { SettingsDrawer } from './settings-drawer';
import { DoubleSidebar, SingleSidebar } from './sidebar';
import { TagsView } from './tags-view';

const fallback = (
  <div className="pv-page-loading">
    <Spin />
  </div>
);

/** The signed-in console: sidebar, navbar, tags view and the permitted pages (kept alive unless noCache). */
export function ConsoleLayout({ info }: { info: UserInfo }) {
  const { pathname, search } = useLocation();
  // Routes come from the current user only; nothing accumulates across sign-ins.
  const tree = useMemo(() => permittedTree(info.routerPaths, __SAAS__), [info.routerPaths]);
  const flat = useMemo(() => flatten(tree), [tree]);
  const pages = useMemo(() => new Map(flat.filter((r) => !r.children).map((r) => [r.fullPath, r])), [flat]);
  const home = homePathOf(info);
  const current = pages.get(pathname);
  const settings = useSettings();
  const { sidebar, device, toggleDevice, closeSidebar, toggleSidebar } = useApp();
  const { cachedViews, refreshKeys, addView } = useTagsView();
  const [settingsOpen, setSettingsOpen] = useState(false);

  useDocumentTitle(current?.titleKey ?? 'route.notFound');

  // affix tabs first, then the page being opened
  useEffect(() => {
    for (const r of pages.values()) if (r.affix) addView({ path: r.fullPath, fullPath: r.fullPath, name: r.name, titleKey: r.titleKey, affix: true, noCache: r.noCache });
  }, [pages, addView]);
  useEffect(() => {
    if (current) addView({ path: current.fullPath, fullPath: pathname + search, name: current.name, titleKey: current.titleKey, affix: current.affix, noCache: current.noCache });
    window.scrollTo(0, 0);
  }, [current, pathname, search, addView]);

  // spec §4: under 992px the console is in mobile mode and the sidebar closes
  useEffect(() => {
    const onResize = () => {
      const mobile = document.body.getBoundingClientRect().width < MOBILE_BREAKPOINT;
      toggleDevice(mobile ? 'mobile' : 'desktop');
      if (mobile) closeSidebar(true);
    };
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [toggleDevice, closeSidebar]);

  const closeMobile = useCallback(() => {
    if (device === 'mobile') closeSidebar(false);
  }, [device, closeSidebar]);

  if (pathname === '/') return <Navigate to={firstPath(tree) ?? '/404'} replace />;
  const group = groupRedirect(tree, pathname);
  if (!current && group) return <Navigate to={group} replace />;

  const kept = cachedViews.filter((p) => pages.has(p) && !pages.get(p)!.noCache);
  const keepCurrent = current && !current.noCache;
  const alive = keepCurrent && !kept.includes(current.fullPath) ? [...kept, current.fullPath] : kept;

  const double = settings.sidebarType === 2;
  const width = double ? SIDEBAR_WIDTH_DOUBLE + 150 : sidebar.opened ? SIDEBAR_WIDTH_SINGLE : 56;
  const sidebarEl = double && device === 'desktop' ? (
    <DoubleSidebar tree={tree} showLogo={settings.sidebarLogo} home={home} onNavigate={closeMobile} />
  ) : (
    <SingleSidebar tree={tree} collapsed={device === 'desktop' && !sidebar.opened} showLogo={settings.sidebarLogo} home={home} onNavigate={closeMobile} />
  );

  return (
    <div className={`pv-app ${device === 'mobile' ? 'pv-mobile' : ''} ${sidebar.withoutAnimation ? 'pv-no-anim' : ''}`} style={{ '--pv-theme': settings.theme, '--pv-aside-width': `${width}px` } as React.CSSProperties}>
      {device === 'desktop' ? (
        <aside className="pv-aside" style={{ width }}>
          {sidebarEl}
        </aside>
      ) : (
        <Drawer placement="left" open={sidebar.opened} onClose={toggleSidebar} size={220} closable={false} styles={{ body: { padding: 0 } }} rootClassName="pv-aside-drawer">
          {sidebarEl}
        </Drawer>
      )}
      <div className="pv-main">
        <header className={`pv-header ${settings.fixedHeader ? 'pv-header-fixed' : ''}`}>
          <Navbar tree={tree} pages={flat} info={info} onOpenSettings={() => setSettingsOpen(true)} />
          {settings.tagsView && <TagsView home={home} />}
        </header>
        <main className="pv-content">
          {alive.map((path) => {
            const route = pages.get(path)!;
            const Page = pageFor(route.name);
            return (
              <Activity key={`${path}#${refreshKeys[path] ?? 0}`} mode={path === pathname ? 'visible' : 'hidden'}>
                <PageRouteContext.Provider value={route}>
                  <Suspense fallback={fallback}>
                    <Page />
                  </Suspense>
                </PageRouteContext.Provider>
              </Activity>
            );
          })}
          {current && !keepCurrent && (
            <PageRouteContext.Provider value={current}>
              <Suspense fallback={fallback}>
                {(() => {
                  const Page = pageFor(current.name);
                  return <Page key={`${pathname}#${refreshKeys[pathname] ?? 0}`} />;
                })()}
              </Suspense>
            </PageRouteContext.Provider>
          )}
          {!current && (
            <Suspense fallback={fallback}>
              <NotFoundPage />
            </Suspense>
          )}
        </main>
      </div>
      {settings.showSettings && <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />}
    </div>
  );
}
