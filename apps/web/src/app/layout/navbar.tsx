import { CompressOutlined, DownOutlined, ExpandOutlined, FontSizeOutlined, GlobalOutlined, MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { SIZES, SWITCHER_LANGUAGES, type FlatRoute, type RouteDef } from '@pv/contract';
import { App, Avatar, Breadcrumb, Dropdown, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import screenfull from 'screenfull';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { setLanguage } from '../../lib/i18n';
import { useApp } from '../../stores/app';
import { homePathOf, useSession, type UserInfo } from '../../stores/session';
import { breadcrumbOf } from '../route-utils';
import { HeaderSearch } from './header-search';

const LANGUAGE_NAMES: Record<string, string> = { zh: '中文', en: 'English' };

export function Navbar({ tree, pages, info, onOpenSettings }: { tree: RouteDef[]; pages: FlatRoute[]; info: UserInfo; onOpenSettings: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { sidebar, toggleSidebar, size, setSize, device } = useApp();
  const logout = useSession((s) => s.logout);
  const [full, setFull] = useState(false);

  useEffect(() => {
    if (!screenfull.isEnabled) return;
    const onChange = () => setFull(screenfull.isFullscreen);
    screenfull.on('change', onChange);
    return () => screenfull.off('change', onChange);
  }, []);

  const toggleFullscreen = () => {
    if (!screenfull.isEnabled) {
      void message.warning(t('error.fullscreenUnsupported'));
      return;
    }
    void screenfull.toggle();
  };

  const home = homePathOf(info);
  const crumbs = breadcrumbOf(pathname, tree, info);
  const isRoot = home === '/dashboard';

  return (
    <div className="pv-navbar">
      <button type="button" className="pv-icon-button" onClick={toggleSidebar} aria-label={t('layout.toggleSidebar')} data-testid="hamburger">
        {sidebar.opened && device === 'desktop' ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      </button>
      {device === 'desktop' && (
        <Breadcrumb
          className="pv-breadcrumb"
          data-testid="breadcrumb"
          items={crumbs.map((c, i) => ({ title: c.path && i < crumbs.length - 1 ? <Link to={c.path}>{t(c.titleKey)}</Link> : t(c.titleKey) }))}
        />
      )}
      {device === 'mobile' && <span className="pv-mobile-title">{t(crumbs[crumbs.length - 1]!.titleKey)}</span>}
      <div className="pv-navbar-right">
        {device === 'desktop' && <HeaderSearch pages={pages} />}
        {device === 'desktop' && (
          <Tooltip title={t('layout.fullscreen')}>
            <button type="button" className="pv-icon-button" onClick={toggleFullscreen} aria-label={t('layout.fullscreen')} data-testid="fullscreen">
              {full ? <CompressOutlined /> : <ExpandOutlined />}
            </button>
          </Tooltip>
        )}
        <Dropdown
          trigger={['click']}
          menu={{ selectable: true, selectedKeys: [size], items: SIZES.map((s) => ({ key: s, label: t(`size.${s}`) })), onClick: ({ key }) => setSize(key as typeof size) }}
        >
          <button type="button" className="pv-icon-button" aria-label={t('layout.size')} data-testid="size-switch">
            <FontSizeOutlined />
          </button>
        </Dropdown>
        <Dropdown
          trigger={['click']}
          menu={{
            selectable: true,
            selectedKeys: [i18n.language],
            items: SWITCHER_LANGUAGES.map((l) => ({ key: l, label: LANGUAGE_NAMES[l] })),
            onClick: ({ key }) => setLanguage(key as (typeof SWITCHER_LANGUAGES)[number]),
          }}
        >
          <button type="button" className="pv-icon-button" aria-label={t('layout.language')} data-testid="language-switch">
            <GlobalOutlined />
          </button>
        </Dropdown>
        <Tooltip title={t('layout.settings')}>
          <button type="button" className="pv-icon-button" onClick={onOpenSettings} aria-label={t('layout.settings')} data-testid="settings-open">
            <SettingOutlined />
          </button>
        </Tooltip>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'org', label: <span className="pv-org-name">{info.orgName}</span>, disabled: true },
              { type: 'divider' },
              ...(isRoot ? [{ key: 'dashboard', label: t('route.dashboard') }] : []),
              { key: 'changePassword', label: t('route.changePassword') },
              { type: 'divider' },
              { key: 'logout', label: <span data-testid="logout">{t('layout.logout')}</span> },
            ],
            onClick: async ({ key }) => {
              if (key === 'dashboard') navigate('/dashboard');
              else if (key === 'changePassword') navigate('/userCenter/changePassword');
              else if (key === 'logout') {
                await logout().catch(() => undefined);
                // spec §2: log out goes to /login and reloads the page
                window.location.href = '/login';
              }
            },
          }}
        >
          <button type="button" className="pv-user" data-testid="user-menu">
            <Avatar size="small" src={info.avatar || undefined} icon={<UserOutlined />} />
            {device === 'desktop' && <span className="pv-user-name">{info.name}</span>}
            <DownOutlined style={{ fontSize: 10 }} />
          </button>
        </Dropdown>
      </div>
    </div>
  );
}
