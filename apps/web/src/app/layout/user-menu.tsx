import {
  CheckOutlined,
  DownOutlined,
  HomeOutlined,
  KeyOutlined,
  LogoutOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { myRolesKey, myRolesQuery, type MyRoles } from '@/api/my-roles';
import { useAvatarSrc } from '@/lib/avatar';
import { useApp } from '@/stores/app';
import { homePathOf, useSession, type UserInfo } from '@/stores/session';

/** The navbar's user menu: who and where you are, change password, switch role, log out. */
export function UserMenu({ info }: { info: UserInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const device = useApp((s) => s.device);
  const logout = useSession((s) => s.logout);
  const switchRole = useSession((s) => s.switchRole);
  const isRoot = homePathOf(info) === '/dashboard';
  const avatarSrc = useAvatarSrc(info.avatar);
  const client = useQueryClient();
  const { data: myRoles } = useQuery({
    ...myRolesQuery(info),
    // after a role switch, while the new answer loads, the menu shows the roles it had (or another
    // answer kept for this user: the same roles): no item appears or goes under the pointer, only
    // the check mark moves when the answer comes
    placeholderData: (previous) =>
      previous ?? client.getQueriesData<MyRoles>({ queryKey: myRolesKey(info.loginName) }).find(([, d]) => d)?.[1],
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
