import { DeleteOutlined, EditOutlined, SafetyOutlined } from '@ant-design/icons';
import type { RoleListQuery, RoleRow } from '@pv/contract';
import { Card, Form, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateButton, ListToolbar, SearchForm } from '../../../components/list-page';
import { ConfirmAction, IconAction } from '../../../components/row-actions';
import { Access, useHasPerm } from '../../../lib/access';
import { useListPage } from '../../../lib/use-list-page';
import { useDeleteRole } from '../api/delete-role';
import { useRoles } from '../api/get-roles';
import { RoleFormModal } from '../components/role-form-modal';
import { RoleGrantDrawer } from '../components/role-grant-drawer';

type Filters = Pick<RoleListQuery, 'code' | 'name'>;

/** /auth/role: the roles of your data scope; create, edit, delete and grant menus and buttons. */
export default function RoleListPage() {
  const { t } = useTranslation();
  const can = useHasPerm();
  const list = useListPage<RoleListQuery, Filters>({ totalKey: 'role.total' });
  const { data, isFetching } = useRoles(list.query);
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
          <IconAction perm="role:update" type="text" title={t('common.update')} icon={<EditOutlined />} onClick={() => setEditing({ role: row })} testId={`role-update-${row.code}`} />
          <IconAction perm="role:grant" type="text" title={t('button.grant')} icon={<SafetyOutlined />} onClick={() => setGranting(row)} testId={`role-grant-${row.code}`} />
          <Access perm="role:delete">
            <ConfirmAction title={t('role.confirmDelete', { name: row.name })} okButtonProps={{ danger: true }} run={() => remove.mutateAsync(row.id)}>
              <IconAction type="text" danger title={t('common.delete')} icon={<DeleteOutlined />} testId={`role-delete-${row.code}`} />
            </ConfirmAction>
          </Access>
        </Space>
      ),
    }] : []),
  ];

  return (
    <Card>
      <SearchForm list={list}>
        <Form.Item name="code" label={t('role.code')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="name" label={t('role.name')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
      </SearchForm>
      <ListToolbar left={<CreateButton perm="role:create" testId="role-create" onClick={() => setEditing({})} />} />
      <Table<RoleRow> {...list.tableProps(data, isFetching)} columns={columns} />
      <RoleFormModal open={editing !== null} role={editing?.role} onClose={() => setEditing(null)} />
      <RoleGrantDrawer role={granting} onClose={() => setGranting(null)} />
    </Card>
  );
}
