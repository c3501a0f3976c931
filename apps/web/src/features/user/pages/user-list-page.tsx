import { DeleteOutlined, EditOutlined, KeyOutlined, PlusOutlined, SearchOutlined, TeamOutlined } from '@ant-design/icons';
import type { UserListQuery, UserRow } from '@pv/contract';
import { App, Button, Card, Form, Input, Popconfirm, Select, Space, Switch, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Access, useHasPerm } from '../../../lib/access';
import { formatTime } from '../../../lib/format';
import { useUsers } from '../api/get-users';
import { useUpdateUserState } from '../api/update-user-state';
import { useDeleteUser } from '../api/delete-user';
import { AssignRolesModal, PasswordOnceModal, ResetPasswordModal } from '../components/password-modals';
import { UserFormModal } from '../components/user-form-modal';
import { ExportButton } from '../../../components/export-button';

type Filters = Pick<UserListQuery, 'loginName' | 'nickname' | 'state'>;

/** /auth/user: the users of your data scope, paged and filtered by the server, exported as .xlsx. */
export default function UserListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useHasPerm();
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<UserListQuery>({ pageNum: 1, pageSize: 20 });
  const { data, isFetching } = useUsers(query);
  const setState = useUpdateUserState();
  const remove = useDeleteUser();
  // the create/edit form (null: closed, undefined user: create), reset password, assign roles
  const [editing, setEditing] = useState<{ user?: UserRow } | null>(null);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const [assigning, setAssigning] = useState<UserRow | null>(null);
  const [once, setOnce] = useState<{ loginName: string; password: string } | null>(null);
  const columns = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: t('user.loginName'), dataIndex: 'loginName' },
    { title: t('user.nickname'), dataIndex: 'nickname' },
    { title: t('user.mobile'), dataIndex: 'mobile', render: (v: string | null) => v ?? '—' },
    { title: t('user.email'), dataIndex: 'email', render: (v: string | null) => v ?? '—', responsive: ['lg' as const] },
    { title: t('user.organisation'), dataIndex: 'orgName', responsive: ['md' as const] },
    { title: t('user.roles'), dataIndex: 'roles', render: (roles: string[]) => roles.map((r) => <Tag key={r}>{r}</Tag>), responsive: ['lg' as const] },
    {
      title: t('user.state'),
      dataIndex: 'state',
      render: (state: UserRow['state'], row: UserRow) =>
        can('user:enable') ? (
          <Popconfirm
            title={t(state === 'enabled' ? 'user.confirmDisable' : 'user.confirmEnable', { name: row.loginName })}
            onConfirm={async () => {
              const next = state === 'enabled' ? 'disabled' : 'enabled';
              try {
                await setState.mutateAsync({ id: row.id, state: next });
                void message.success(t(next === 'disabled' ? 'success.disable' : 'success.enable'));
              } catch {
                // the API client has shown why; the switch stays as the server has it
              }
            }}
          >
            <Switch checked={state === 'enabled'} loading={setState.isPending && setState.variables?.id === row.id} size="small" data-testid={`user-state-${row.loginName}`} />
          </Popconfirm>
        ) : (
          <Tag color={state === 'enabled' ? 'green' : 'default'}>{t(`user.${state}`)}</Tag>
        ),
    },
    { title: t('user.createdAt'), dataIndex: 'createdAt', render: (v: number) => formatTime(v), responsive: ['xl' as const] },
    ...(['user:update', 'user:resetPassword', 'user:assign', 'user:delete'].some(can) ? [{
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right' as const,
      render: (_: unknown, row: UserRow) => (
        <Space size={0} wrap>
          <Access perm="user:update">
            <Tooltip title={t('common.update')}>
              <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('common.update')} onClick={() => setEditing({ user: row })} data-testid={`user-update-${row.loginName}`} />
            </Tooltip>
          </Access>
          <Access perm="user:resetPassword">
            <Tooltip title={t('button.resetPassword')}>
              <Button type="text" size="small" icon={<KeyOutlined />} aria-label={t('button.resetPassword')} onClick={() => setResetting(row)} data-testid={`user-reset-${row.loginName}`} />
            </Tooltip>
          </Access>
          <Access perm="user:assign">
            <Tooltip title={t('user.assignRoles')}>
              <Button type="text" size="small" icon={<TeamOutlined />} aria-label={t('user.assignRoles')} onClick={() => setAssigning(row)} data-testid={`user-assign-${row.loginName}`} />
            </Tooltip>
          </Access>
          <Access perm="user:delete">
            <Popconfirm
              title={t('user.confirmDelete', { name: row.loginName })}
              okButtonProps={{ danger: true }}
              onConfirm={async () => {
                try {
                  await remove.mutateAsync(row.id);
                  void message.success(t('success.delete'));
                } catch {
                  // shown by the API client
                }
              }}
            >
              <Tooltip title={t('common.delete')}>
                <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} data-testid={`user-delete-${row.loginName}`} />
              </Tooltip>
            </Popconfirm>
          </Access>
        </Space>
      ),
    }] : []),
  ];

  return (
    <Card>
      <Form<Filters>
        form={form}
        layout="inline"
        onFinish={(f) => setQuery({ ...query, ...f, pageNum: 1 })}
        style={{ rowGap: 8, marginBottom: 12 }}
      >
        <Form.Item name="loginName" label={t('user.loginName')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="nickname" label={t('user.nickname')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="state" label={t('user.state')}>
          <Select allowClear style={{ width: 120 }} options={[{ value: 'enabled', label: t('user.enabled') }, { value: 'disabled', label: t('user.disabled') }]} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('common.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setQuery({ pageNum: 1, pageSize: query.pageSize });
            }}
          >
            {t('common.reset')}
          </Button>
        </Space>
      </Form>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'space-between', marginBottom: 12 }}>
        <Space>
          <Access perm="user:create">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="user-create">
              {t('common.create')}
            </Button>
          </Access>
        </Space>
        <Space wrap>
          <ExportButton path="/users/export" query={query} perm="user:export" testId="user-export" doneKey="user.exported" />
        </Space>
      </div>
      <Table<UserRow>
        rowKey="id"
        size="middle"
        loading={isFetching}
        columns={columns}
        dataSource={data?.rows ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: query.pageNum,
          pageSize: query.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('user.total', { count: total }),
          onChange: (pageNum, pageSize) => setQuery({ ...query, pageNum, pageSize }),
        }}
      />
      <UserFormModal open={editing !== null} user={editing?.user} onClose={() => setEditing(null)} onCreated={(loginName, password) => password && setOnce({ loginName, password })} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} onGenerated={(loginName, password) => setOnce({ loginName, password })} />
      <AssignRolesModal user={assigning} onClose={() => setAssigning(null)} />
      <PasswordOnceModal value={once} onClose={() => setOnce(null)} />
    </Card>
  );
}
