import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { UserListQuery, UserRow } from '@pv/contract';
import { App, Button, Card, Form, Input, Popconfirm, Progress, Select, Space, Switch, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Access, useHasPerm } from '../../../lib/access';
import { formatNumber, formatTime } from '../../../lib/format';
import { download } from '../../../lib/http';
import { useUsers } from '../api/get-users';
import { useUpdateUserState } from '../api/update-user-state';

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
  // bytes received and the announced size (absent when the server streams without Content-Length)
  const [progress, setProgress] = useState<{ received: number; total?: number } | null>(null);

  const exportUsers = async () => {
    setProgress({ received: 0 });
    try {
      const { pageNum: _p, pageSize: _s, ...filters } = query;
      await download('/users/export', filters, (received, total) => setProgress({ received, total }));
      void message.success(t('user.exported'));
    } catch {
      // shown by the API client
    } finally {
      setProgress(null);
    }
  };

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
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_: unknown, row: UserRow) => (
        <Space size={4}>
          <Access perm="user:update">
            <Tooltip title={t('common.comingSoon')}>
              <Button type="link" size="small" icon={<EditOutlined />} disabled data-testid={`user-update-${row.loginName}`}>
                {t('common.update')}
              </Button>
            </Tooltip>
          </Access>
          <Access perm="user:delete">
            <Tooltip title={t('common.comingSoon')}>
              <Button type="link" size="small" danger icon={<DeleteOutlined />} disabled data-testid={`user-delete-${row.loginName}`}>
                {t('common.delete')}
              </Button>
            </Tooltip>
          </Access>
        </Space>
      ),
    },
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
          {/* Creating users arrives with the user form; the button already follows the permission. */}
          <Access perm="user:create">
            <Tooltip title={t('common.comingSoon')}>
              <Button type="primary" icon={<PlusOutlined />} disabled data-testid="user-create">
                {t('common.create')}
              </Button>
            </Tooltip>
          </Access>
        </Space>
        <Space wrap>
          {progress !== null && (
            <Progress
              data-testid="user-export-progress"
              size="small"
              style={{ width: 180 }}
              status="active"
              percent={progress.total ? Math.round((progress.received / progress.total) * 100) : 99}
              format={(percent) => (progress.total ? `${percent}%` : `${formatNumber(progress.received)}B`)}
            />
          )}
          <Access perm="user:export">
            <Button icon={<DownloadOutlined />} onClick={exportUsers} loading={progress !== null} data-testid="user-export">
              {t('common.export')}
            </Button>
          </Access>
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
    </Card>
  );
}
