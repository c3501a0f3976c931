import { EditOutlined, KeyOutlined, TeamOutlined } from '@ant-design/icons';
import type { UserListQuery, UserRow } from '@pv/contract';
import { Card, Form, Grid, Select, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '@/components/export-button';
import { CreateButton, ListToolbar, SearchForm, TextFilter, actionsColumn, tableScrollX } from '@/components/list-page';
import { ConfirmAction, DeleteAction, IconAction } from '@/components/row-actions';
import { useHasPerm } from '@/lib/access';
import { ZonedTime } from '@/components/zoned-time';
import { useListPage } from '@/lib/use-list-page';
import { useUsers } from '@/features/user/api/get-users';
import { useUpdateUserState } from '@/features/user/api/update-user-state';
import { useDeleteUser } from '@/features/user/api/delete-user';
import { lazyNamed, OnceOpened } from '@/components/lazy-modal';

// dialogs load when first opened (components/lazy-modal.tsx)
const AssignRolesModal = lazyNamed(() => import('@/features/user/components/password-modals'), 'AssignRolesModal');
const PasswordOnceModal = lazyNamed(() => import('@/features/user/components/password-modals'), 'PasswordOnceModal');
const ResetPasswordModal = lazyNamed(() => import('@/features/user/components/password-modals'), 'ResetPasswordModal');
const UserFormModal = lazyNamed(() => import('@/features/user/components/user-form-modal'), 'UserFormModal');

type Filters = Pick<UserListQuery, 'loginName' | 'nickname' | 'state'>;

/** /auth/user: the users of your data scope, paged and filtered by the server, exported as .xlsx. */
export default function UserListPage() {
  const { t } = useTranslation();
  const can = useHasPerm();
  const screens = Grid.useBreakpoint();
  const list = useListPage<UserListQuery, Filters>({ totalKey: 'user.total' });
  const { data, isFetching } = useUsers(list.query);
  const setState = useUpdateUserState();
  const remove = useDeleteUser();
  // the create/edit form (null: closed, undefined user: create), reset password, assign roles
  const [editing, setEditing] = useState<{ user?: UserRow } | null>(null);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const [assigning, setAssigning] = useState<UserRow | null>(null);
  const [once, setOnce] = useState<{ loginName: string; password: string } | null>(null);
  const columns = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: t('user.loginName'), dataIndex: 'loginName', width: 110, ellipsis: { showTitle: true } },
    { title: t('user.nickname'), dataIndex: 'nickname', width: 120, ellipsis: { showTitle: true } },
    { title: t('user.mobile'), dataIndex: 'mobile', width: 110, render: (v: string | null) => v ?? '—' },
    // long addresses and names are cut (the full text on hover): at 1440 px "Created" slid under
    // the fixed actions column (issue 42)
    {
      title: t('user.email'),
      dataIndex: 'email',
      render: (v: string | null) => v ?? '—',
      responsive: ['lg' as const],
      width: 170,
      ellipsis: { showTitle: true },
    },
    {
      title: t('user.organisation'),
      dataIndex: 'orgName',
      responsive: ['md' as const],
      width: 140,
      ellipsis: { showTitle: true },
    },
    {
      title: t('user.roles'),
      dataIndex: 'roles',
      render: (roles: string[]) => roles.map((r) => <Tag key={r}>{r}</Tag>),
      responsive: ['lg' as const],
      width: 130,
    },
    {
      title: t('user.state'),
      dataIndex: 'state',
      width: 70,
      render: (state: UserRow['state'], row: UserRow) =>
        can('user:enable') ? (
          <ConfirmAction
            title={t(state === 'enabled' ? 'user.confirmDisable' : 'user.confirmEnable', { name: row.loginName })}
            run={() => setState.mutateAsync({ id: row.id, state: state === 'enabled' ? 'disabled' : 'enabled' })}
            doneKey={state === 'enabled' ? 'success.disable' : 'success.enable'}
          >
            <Switch
              checked={state === 'enabled'}
              loading={setState.isPending && setState.variables?.id === row.id}
              size="small"
              aria-label={t('user.stateSwitch', { name: row.loginName })}
              data-testid={`user-state-${row.loginName}`}
            />
          </ConfirmAction>
        ) : (
          <Tag color={state === 'enabled' ? 'green' : 'default'}>{t(`user.${state}`)}</Tag>
        ),
    },
    {
      title: t('user.createdAt'),
      dataIndex: 'createdAt',
      // a system time: the user's zone, named
      render: (v: number) => <ZonedTime value={v} />,
      responsive: ['xl' as const],
      width: 160,
    },
    ...(['user:update', 'user:resetPassword', 'user:assign', 'user:delete'].some(can)
      ? [
          actionsColumn(
            t('common.actions'),
            (row: UserRow) => (
              <>
                <IconAction
                  perm="user:update"
                  type="text"
                  title={t('common.update')}
                  icon={<EditOutlined />}
                  onClick={() => setEditing({ user: row })}
                  testId={`user-update-${row.loginName}`}
                />
                <IconAction
                  perm="user:resetPassword"
                  type="text"
                  title={t('button.resetPassword')}
                  icon={<KeyOutlined />}
                  onClick={() => setResetting(row)}
                  testId={`user-reset-${row.loginName}`}
                />
                <IconAction
                  perm="user:assign"
                  type="text"
                  title={t('user.assignRoles')}
                  icon={<TeamOutlined />}
                  onClick={() => setAssigning(row)}
                  testId={`user-assign-${row.loginName}`}
                />
                <DeleteAction
                  perm="user:delete"
                  type="text"
                  testId={`user-delete-${row.loginName}`}
                  title={t('user.confirmDelete', { name: row.loginName })}
                  okButtonProps={{ danger: true }}
                  run={() => remove.mutateAsync(row.id)}
                />
              </>
            ),
            { width: 120 },
          ),
        ]
      : []),
  ];

  return (
    <Card>
      <SearchForm list={list}>
        <TextFilter name="loginName" label={t('user.loginName')} />
        <TextFilter name="nickname" label={t('user.nickname')} />
        <Form.Item name="state" label={t('user.state')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={[
              { value: 'enabled', label: t('user.enabled') },
              { value: 'disabled', label: t('user.disabled') },
            ]}
          />
        </Form.Item>
      </SearchForm>
      <ListToolbar
        left={<CreateButton perm="user:create" testId="user-create" onClick={() => setEditing({})} />}
        right={
          <ExportButton
            path="/users/export"
            query={list.query}
            perm="user:export"
            testId="user-export"
            doneKey="user.exported"
          />
        }
      />
      <Table<UserRow>
        {...list.tableProps(data, isFetching)}
        columns={columns}
        scroll={{ x: tableScrollX(columns, screens) }}
      />
      <OnceOpened open={editing !== null}>
        <UserFormModal
          open={editing !== null}
          user={editing?.user}
          onClose={() => setEditing(null)}
          onCreated={(loginName, password) => password && setOnce({ loginName, password })}
        />
      </OnceOpened>
      <OnceOpened open={resetting !== null}>
        <ResetPasswordModal
          user={resetting}
          onClose={() => setResetting(null)}
          onGenerated={(loginName, password) => setOnce({ loginName, password })}
        />
      </OnceOpened>
      <OnceOpened open={assigning !== null}>
        <AssignRolesModal user={assigning} onClose={() => setAssigning(null)} />
      </OnceOpened>
      <OnceOpened open={once !== null}>
        <PasswordOnceModal value={once} onClose={() => setOnce(null)} />
      </OnceOpened>
    </Card>
  );
}
