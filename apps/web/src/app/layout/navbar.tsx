import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import type { FlatRoute, RouteDef } from '@pv/contract';
import { Breadcrumb, Tooltip } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageMenu } from '@/components/language-menu';
import { FAULT_LIST_PATH } from '@/lib/fault-links';
import { useApp } from '@/stores/app';
import type { UserInfo } from '@/stores/session';
import { breadcrumbOf } from '@/app/route-utils';
import { ErrorLogBadge } from './error-log-badge';
import { FullscreenToggle } from './fullscreen-toggle';
import { SearchBox } from './search-box';
import { NotificationBell } from './notification-bell';
import { SizeSwitch } from './size-switch';
import { UserMenu } from './user-menu';

/**
 * The purple top bar: hamburger, breadcrumb, header search, full screen, size, language, settings, user.
 * Memoised: the shell re-renders on every tab and store change, the bar only when its own inputs change.
 * `menus`: the right-hand part is there (the console mounts it in a commit after the bar's).
 */
export const Navbar = memo(function Navbar({
  tree,
  pages,
  info,
  menus = true,
  onOpenSettings,
}: {
  tree: RouteDef[];
  pages: FlatRoute[];
  info: UserInfo;
  menus?: boolean;
  onOpenSettings?: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { sidebar, toggleSidebar, device } = useApp();
  const crumbs = breadcrumbOf(pathname, tree, info);
  const desktop = device === 'desktop';

  return (
    <div className="pv-navbar">
      <button
        type="button"
        className="pv-icon-button"
        onClick={toggleSidebar}
        aria-label={t('layout.toggleSidebar')}
        aria-expanded={sidebar.opened}
        data-testid="hamburger"
      >
        {sidebar.opened && desktop ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      </button>
      {desktop ? (
        <Breadcrumb
          className="pv-breadcrumb"
          data-testid="breadcrumb"
          items={crumbs.map((c, i) => ({
            title: c.path && i < crumbs.length - 1 ? <Link to={c.path}>{t(c.titleKey)}</Link> : t(c.titleKey),
          }))}
        />
      ) : (
        <span className="pv-mobile-title">{t(crumbs[crumbs.length - 1]!.titleKey)}</span>
      )}
      <div className="pv-navbar-right">
        {menus && (
          <>
            {desktop && <SearchBox pages={pages} />}
            {desktop && <FullscreenToggle />}
            <ErrorLogBadge />
            {/* notifications are about faults: told only to those who may list them */}
            {info.routerPaths.includes(FAULT_LIST_PATH) && <NotificationBell />}
            <SizeSwitch />
            <LanguageMenu showName={desktop} />
            {onOpenSettings && (
              <Tooltip title={t('layout.settings')}>
                <button
                  type="button"
                  className="pv-icon-button"
                  onClick={onOpenSettings}
                  aria-label={t('layout.settings')}
                  data-testid="settings-open"
                >
                  <SettingOutlined />
                </button>
              </Tooltip>
            )}
            <UserMenu info={info} />
          </>
        )}
      </div>
    </div>
  );
});
