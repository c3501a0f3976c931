import { DeleteOutlined, EditOutlined, PlusOutlined, SafetyOutlined, SearchOutlined } from '@ant-design/icons';
import type { RoleListQuery, RoleRow } from '@pv/contract';
import { App, Button, Card, Form, Input, Popconfirm, Space, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Access, useHasPerm } from '../../../lib/access';
import { useDeleteRole } from '../api/delete-role';
import { useRoles } from '../api/get-roles';
import { RoleFormModal } from '../components/role-form-modal';
import { RoleGrantDrawer } from '../components/role-grant-drawer';

type Filters = Pick<RoleListQuery, 'code' | 'name'>;

/** /auth/role: the roles of your data scope; create, edit, delete and grant menus and buttons. */
export default function RoleListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useHasPerm();
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<RoleListQuery>({ pageNum: 1, pageSize: 20 });
  const { data, isFetching } = useRoles(query);
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<{ role?: RoleRow } | null>(null);
  const [granting, setGranting] = useState<RoleRow | null>(null);

  const columns = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: t('role.code'), dataIndex: 'code' },
    { title: t('role.name'), dataIndex: 'name' },
    { title: t('role.organisation'), dataIndex: 'orgName', responsive: ['md' as const] },
    { title: t('role.dataScope'), dataIndex: 'dataScope', render: (s: RoleRow['dataScope']) => t(`role.scope.${s}`) },
    { title: t('role.sensitive'), dataIndex: 'sensitive', render: (v: boolean) => <Tag color={v ? 'orange' : 'default'}>{t(v ? 'role.yes' : 'role.no')}</Tag>, responsive: ['lg' as const] },
    { title: t('role.users'), dataIndex: 'users', responsive: ['lg' as const] },
    ...(['role:update', 'role:grant', 'role:delete'].some(can) ? [{
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right' as const,
      render: (_: unknown, row: RoleRow) => (
        <Space size={0} wrap>
          <Access perm="role:update">
            <Tooltip title={t('common.update')}>
              <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('common.update')} onClick={() => setEditing({ role: row })} data-testid={`role-update-${row.code}`} />
            </Tooltip>
          </Access>
          <Access perm="role:grant">
            <Tooltip title={t('button.grant')}>
              <Button type="text" size="small" icon={<SafetyOutlined />} aria-label={t('button.grant')} onClick={() => setGranting(row)} data-testid={`role-grant-${row.code}`} />
            </Tooltip>
          </Access>
          <Access perm="role:delete">
            <Popconfirm
              title={t('role.confirmDelete', { name: row.name })}
              okButtonProps={{ danger: true }}
              onConfirm={async () => {
                try {
                  await remove.mutateAsync(row.id);
                  void message.success(t('success.delete'));
                } catch {
                  // shown by the API client (a role in use is refused)
                }
              }}
            >
              <Tooltip title={t('common.delete')}>
                <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} data-testid={`role-delete-${row.code}`} />
              </Tooltip>
            </Popconfirm>
          </Access>
        </Space>
      ),
    }] : []),
  ];

  return (
    <Card>
      <Form<Filters> form={form} layout="inline" onFinish={(f) => setQuery({ ...query, ...f, pageNum: 1 })} style={{ rowGap: 8, marginBottom: 12 }}>
        <Form.Item name="code" label={t('role.code')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="name" label={t('role.name')}>
          <Input allowClear style={{ width: 160 }} />
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
      <div style={{ marginBottom: 12 }}>
        <Access perm="role:create">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="role-create">
            {t('common.create')}
          </Button>
        </Access>
      </div>
      <Table<RoleRow>
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
          showTotal: (total) => t('role.total', { count: total }),
          onChange: (pageNum, pageSize) => setQuery({ ...query, pageNum, pageSize }),
        }}
      />
      <RoleFormModal open={editing !== null} role={editing?.role} onClose={() => setEditing(null)} />
      <RoleGrantDrawer role={granting} onClose={() => setGranting(null)} />
    </Card>
  );
}
