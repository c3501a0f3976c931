import { brandTitle, SIDEBAR_WIDTH_DOUBLE, type RouteDef } from '@pv/contract';
import { Menu, Tooltip, type MenuProps } from 'antd';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { iconFor } from '@/app/icons';
import { BRAND, BRAND_LOGO } from '@/lib/brand';

type Item = Required<MenuProps>['items'][number];

/** Width of the double layout's sub-sidebar, beside the 120px aside of spec §9. */
export const SUB_SIDEBAR_WIDTH = 160;

const childPath = (group: RouteDef, child: RouteDef) =>
  group.path === '/' ? `/${child.path}` : `${group.path}/${child.path}`;
const visible = (r: RouteDef) => !r.hidden;
/** The group a path belongs to ("/" holds the dashboard and the root change-password page). */
const groupOf = (tree: RouteDef[], pathname: string) =>
  tree.find((g) => g.path !== '/' && pathname.startsWith(`${g.path}/`)) ?? tree.find((g) => g.path === '/');

/** The brand logo; it leads home (spec §2: the dashboard for ROOT, else the plant list). */
function Logo({ collapsed, home }: { collapsed: boolean; home: string }) {
  const { i18n } = useTranslation();
  const title = brandTitle(BRAND, i18n.language);
  return (
    <Link to={home} className="pv-logo" title={title}>
      <img className="pv-logo-mark" src={BRAND_LOGO} alt="" data-testid="brand-logo" />
      {!collapsed && <span className="pv-logo-text">{title}</span>}
    </Link>
  );
}

/** The single-layer sidebar (spec §2: 140px): groups with their pages, every page a real link. Memoised, as the navbar. */
export const SingleSidebar = memo(function SingleSidebar({
  tree,
  collapsed,
  showLogo,
  home,
  onNavigate,
}: {
  tree: RouteDef[];
  collapsed: boolean;
  showLogo: boolean;
  home: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = useMemo<Item[]>(
    () =>
      tree.flatMap((group): Item[] => {
        const children = (group.children ?? []).filter(visible);
        const link = (c: RouteDef) => (
          <Link to={childPath(group, c)} onClick={onNavigate} title={t(c.titleKey)}>
            {t(c.titleKey)}
          </Link>
        );
        // "/" holds the dashboard: its pages sit at the top level of the menu
        if (group.path === '/')
          return children.map((c) => ({ key: childPath(group, c), icon: iconFor(c.icon), label: link(c) }));
        if (children.length === 0) return [];
        return [
          {
            key: group.path,
            icon: iconFor(group.icon),
            label: t(group.titleKey),
            children: children.map((c) => ({ key: childPath(group, c), label: link(c) })),
          },
        ];
      }),
    [tree, t, onNavigate],
  );
  const group = groupOf(tree, pathname)?.path;
  // every group starts open: with a handful of pages each, the whole console is one glance away
  const [openKeys, setOpenKeys] = useState<string[]>(() => tree.map((g) => g.path).filter((p) => p !== '/'));
  return (
    <nav data-testid="sidebar" className={`pv-sidebar ${collapsed ? 'pv-sidebar-collapsed' : ''}`} aria-label="sidebar">
      {showLogo && <Logo collapsed={collapsed} home={home} />}
      <Menu
        mode="inline"
        inlineIndent={12}
        inlineCollapsed={collapsed}
        selectedKeys={[pathname]}
        {...(collapsed
          ? {}
          : {
              openKeys: group && !openKeys.includes(group) ? [...openKeys, group] : openKeys,
              onOpenChange: setOpenKeys,
            })}
        // every page link stays in the DOM, so a closed group's pages are still reachable links
        forceSubMenuRender
        items={items}
      />
    </nav>
  );
});

/** The double-layer sidebar (spec §2: a 120px aside of groups plus a sub-sidebar of the group's pages). */
export const DoubleSidebar = memo(function DoubleSidebar({
  tree,
  showLogo,
  home,
  showSub,
}: {
  tree: RouteDef[];
  showLogo: boolean;
  home: string;
  showSub: boolean;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = groupOf(tree, pathname);
  // hovering a group previews its pages; leaving the sidebar shows the current group again
  const [hovered, setHovered] = useState<string | undefined>(undefined);
  const active = tree.find((g) => g.path === hovered) ?? current ?? tree[0];
  const first = (g: RouteDef) => {
    const c = (g.children ?? []).find(visible);
    return c ? childPath(g, c) : g.path;
  };
  const groups = tree.filter((g) => (g.children ?? []).some(visible));
  const subPages = (active?.children ?? []).filter(visible);
  return (
    <nav
      data-testid="sidebar"
      className="pv-sidebar pv-sidebar-double"
      onMouseLeave={() => setHovered(undefined)}
      aria-label="sidebar"
    >
      <div className="pv-sidebar-groups" style={{ width: SIDEBAR_WIDTH_DOUBLE }}>
        {showLogo && <Logo collapsed home={home} />}
        {groups.map((g) => {
          const title = t(g.path === '/' ? 'route.dashboard' : g.titleKey);
          return (
            <Tooltip key={g.path} title={showSub ? undefined : title} placement="right">
              <Link
                to={first(g)}
                onMouseEnter={() => setHovered(g.path)}
                className={`pv-group ${g === current ? 'pv-group-active' : ''}`}
              >
                <span className="pv-group-icon">{iconFor(g.path === '/' ? 'dashboard' : g.icon)}</span>
                <span className="pv-group-title">{title}</span>
              </Link>
            </Tooltip>
          );
        })}
      </div>
      {showSub && subPages.length > 0 && active && (
        <div className="pv-sidebar-sub" style={{ width: SUB_SIDEBAR_WIDTH }}>
          <div className="pv-sidebar-sub-title">{t(active.path === '/' ? 'route.home' : active.titleKey)}</div>
          <Menu
            mode="inline"
            inlineIndent={12}
            selectedKeys={[pathname]}
            items={subPages.map((c) => ({
              key: childPath(active, c),
              icon: iconFor(c.icon),
              label: <Link to={childPath(active, c)}>{t(c.titleKey)}</Link>,
            }))}
          />
        </div>
      )}
    </nav>
  );
});
