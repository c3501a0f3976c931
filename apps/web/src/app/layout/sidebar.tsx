import type { RouteDef } from '@pv/contract';
import { Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { iconFor } from '../icons';
import { BRAND } from '../use-document-title';

type Item = Required<MenuProps>['items'][number];

const childPath = (group: RouteDef, child: RouteDef) => (group.path === '/' ? `/${child.path}` : `${group.path}/${child.path}`);
const visible = (r: RouteDef) => !r.hidden;

function Logo({ collapsed, home }: { collapsed: boolean; home: string }) {
  return (
    <Link to={home} className="pv-logo" title={BRAND.title.en}>
      <span className="pv-logo-mark">{BRAND.shortTitle}</span>
      {!collapsed && <span className="pv-logo-text">{BRAND.shortTitle === 'PV' ? 'PV Console' : BRAND.title.en}</span>}
    </Link>
  );
}

/** The single-layer sidebar (spec §2: 140px): groups with their pages, every page a real link. */
export function SingleSidebar({ tree, collapsed, showLogo, home, onNavigate }: { tree: RouteDef[]; collapsed: boolean; showLogo: boolean; home: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = useMemo<Item[]>(
    () =>
      tree.flatMap((group): Item[] => {
        const children = (group.children ?? []).filter(visible);
        // "/" holds the dashboard: its pages sit at the top level of the menu
        if (group.path === '/') return children.map((c) => ({ key: childPath(group, c), icon: iconFor(c.icon), label: <Link to={childPath(group, c)} onClick={onNavigate}>{t(c.titleKey)}</Link> }));
        return [
          {
            key: group.path,
            icon: iconFor(group.icon),
            label: t(group.titleKey),
            children: children.map((c) => ({ key: childPath(group, c), label: <Link to={childPath(group, c)} onClick={onNavigate} title={t(c.titleKey)}>{t(c.titleKey)}</Link> })),
          },
        ];
      }),
    [tree, t, onNavigate],
  );
  const group = '/' + (pathname.split('/')[1] ?? '');
  const [openKeys, setOpenKeys] = useState<string[]>(() => tree.map((g) => g.path).filter((p) => p !== '/'));
  return (
    <div data-testid="sidebar" className="pv-sidebar">
      {showLogo && <Logo collapsed={collapsed} home={home} />}
      <Menu
        mode="inline"
        inlineIndent={14}
        inlineCollapsed={collapsed}
        selectedKeys={[pathname]}
        openKeys={collapsed ? undefined : [...new Set([...openKeys, group])]}
        onOpenChange={setOpenKeys}
        forceSubMenuRender
        items={items}
      />
    </div>
  );
}

/** The double-layer sidebar (spec §2: 120px of groups plus a sub-sidebar of the group's pages). */
export function DoubleSidebar({ tree, showLogo, home, onNavigate }: { tree: RouteDef[]; showLogo: boolean; home: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = tree.find((g) => g.path !== '/' && pathname.startsWith(`${g.path}/`)) ?? tree.find((g) => g.path === '/');
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const active = tree.find((g) => g.path === chosen) ?? current ?? tree[0];
  const first = (g: RouteDef) => {
    const c = (g.children ?? []).find(visible);
    return c ? childPath(g, c) : g.path;
  };
  return (
    <div data-testid="sidebar" className="pv-sidebar pv-sidebar-double">
      <div className="pv-sidebar-groups">
        {showLogo && <Logo collapsed home={home} />}
        {tree.map((g) => (
          <Link key={g.path} to={first(g)} onMouseEnter={() => setChosen(g.path)} onClick={onNavigate} className={`pv-group ${g === active ? 'pv-group-active' : ''}`}>
            <span className="pv-group-icon">{iconFor(g.path === '/' ? 'dashboard' : g.icon)}</span>
            <span className="pv-group-title">{t(g.path === '/' ? 'route.dashboard' : g.titleKey)}</span>
          </Link>
        ))}
      </div>
      {active && active.path !== '/' && (
        <div className="pv-sidebar-sub">
          <div className="pv-sidebar-sub-title">{t(active.titleKey)}</div>
          <Menu
            mode="inline"
            inlineIndent={12}
            selectedKeys={[pathname]}
            items={(active.children ?? []).filter(visible).map((c) => ({ key: childPath(active, c), icon: iconFor(c.icon), label: <Link to={childPath(active, c)} onClick={onNavigate}>{t(c.titleKey)}</Link> }))}
          />
        </div>
      )}
    </div>
  );
}
