import {
  CheckOutlined,
  CompressOutlined,
  DownOutlined,
  ExpandOutlined,
  FontSizeOutlined,
  HomeOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { SIZES, type FlatRoute, type RouteDef, type Size } from '@pv/contract';
import { App, Avatar, Breadcrumb, Dropdown, Tooltip } from 'antd';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAvatarSrc } from '@/lib/avatar';
import { http } from '@/lib/http';
import { Link, useLocation, useNavigate } from 'react-router';
import screenfull from 'screenfull';
import { LanguageMenu } from '@/components/language-menu';
import { useApp } from '@/stores/app';
import { homePathOf, useSession, type UserInfo } from '@/stores/session';
import { breadcrumbOf } from '@/app/route-utils';
import { HeaderSearch } from './header-search';

function FullscreenToggle() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [full, setFull] = useState(false);
  useEffect(() => {
    if (!screenfull.isEnabled) return;
    const onChange = () => setFull(screenfull.isFullscreen);
    screenfull.on('change', onChange);
    return () => screenfull.off('change', onChange);
  }, []);
  const toggle = () => {
    if (!screenfull.isEnabled) {
      void message.warning(t('error.fullscreenUnsupported'));
      return;
    }
    void screenfull.toggle();
  };
  const label = t(full ? 'layout.exitFullscreen' : 'layout.fullscreen');
  return (
    <Tooltip title={label}>
      <button type="button" className="pv-icon-button" onClick={toggle} aria-label={label} data-testid="fullscreen">
        {full ? <CompressOutlined /> : <ExpandOutlined />}
      </button>
    </Tooltip>
  );
}

function SizeSwitch() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const size = useApp((s) => s.size);
  const setSize = useApp((s) => s.setSize);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((s) => ({ key: s, label: t(`layout.sizes.${s}`) })),
        onClick: ({ key }) => {
          if (key === size) return;
          setSize(key as Size);
          void message.success(t('layout.sizeChanged'));
        },
      }}
    >
      <Tooltip title={t('layout.size')}>
        <button type="button" className="pv-icon-button" aria-label={t('layout.size')} data-testid="size-switch">
          <FontSizeOutlined />
        </button>
      </Tooltip>
    </Dropdown>
  );
}

interface MyRoles {
  roles: { code: string; name: string }[];
  actingAs: string | null;
}

function UserMenu({ info }: { info: UserInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const device = useApp((s) => s.device);
  const logout = useSession((s) => s.logout);
  const switchRole = useSession((s) => s.switchRole);
  const isRoot = homePathOf(info) === '/dashboard';
  const avatarSrc = useAvatarSrc(info.avatar);
  const client = useQueryClient();
  const { data: myRoles } = useQuery({
    queryKey: ['my-roles', info.loginName, info.roles.join(',')],
    queryFn: () => http.get<MyRoles>('/sysOrgUser/roles'),
    // after a role switch, while the new answer loads, the menu shows the roles it had (or another
    // answer kept for this user: the same roles): no item appears or goes under the pointer, only
    // the check mark moves when the answer comes
    placeholderData: (previous) =>
      previous ?? client.getQueriesData<MyRoles>({ queryKey: ['my-roles', info.loginName] }).find(([, d]) => d)?.[1],
  });
  const roleItems =
    myRoles && myRoles.roles.length > 1
      ? [
          {
            key: 'switchRole',
            icon: <SwapOutlined />,
            label: <span data-testid="switch-role">{t('layout.switchRole')}</span>,
            children: [
              {
                key: 'role:*',
                icon: myRoles.actingAs === null ? <CheckOutlined /> : undefined,
                label: t('layout.allRoles'),
              },
              ...myRoles.roles.map((r) => ({
                key: `role:${r.code}`,
                icon: myRoles.actingAs === r.code ? <CheckOutlined /> : undefined,
                label: r.name,
              })),
            ],
          },
        ]
      : [];
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          {
            key: 'org',
            disabled: true,
            label: (
              <div className="pv-user-card">
                <span className="pv-user-card-name">{info.name}</span>
                <span className="pv-org-name" data-testid="user-org">
                  {info.orgName}
                </span>
              </div>
            ),
          },
          { type: 'divider' },
          ...(isRoot ? [{ key: 'dashboard', icon: <HomeOutlined />, label: t('route.dashboard') }] : []),
          { key: 'changePassword', icon: <KeyOutlined />, label: t('route.changePassword') },
          ...roleItems,
          { type: 'divider' },
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            danger: true,
            label: <span data-testid="logout">{t('layout.logout')}</span>,
          },
        ],
        onClick: async ({ key }) => {
          if (key === 'dashboard') navigate('/dashboard');
          else if (key === 'changePassword') navigate('/userCenter/changePassword');
          else if (key.startsWith('role:')) {
            await switchRole(key === 'role:*' ? null : key.slice(5)).catch(() => undefined);
            navigate('/', { replace: true });
          } else if (key === 'logout') {
            // the session ends locally even when the server cannot be reached
            await logout().catch(() => undefined);
            // spec §2: log out goes to /login and reloads the page (no state of this user survives)
            window.location.href = '/login';
          }
        },
      }}
    >
      <button type="button" className="pv-user" data-testid="user-menu" aria-label={t('layout.userMenu')}>
        <Avatar size="small" src={avatarSrc} icon={<UserOutlined />} data-testid="navbar-avatar" />
        {device === 'desktop' && <span className="pv-user-name">{info.name}</span>}
        <DownOutlined style={{ fontSize: 10 }} />
      </button>
    </Dropdown>
  );
}

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
            {desktop && <HeaderSearch pages={pages} />}
            {desktop && <FullscreenToggle />}
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
