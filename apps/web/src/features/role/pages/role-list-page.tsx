import { EditOutlined, SafetyOutlined } from '@ant-design/icons';
import type { RoleListQuery, RoleRow } from '@pv/contract';
import { Card, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateButton, ListToolbar, SearchForm, TextFilter, actionsColumn } from '@/components/list-page';
import { DeleteAction, IconAction } from '@/components/row-actions';
import { useHasPerm } from '@/lib/access';
import { useListPage } from '@/lib/use-list-page';
import { useDeleteRole } from '@/features/role/api/delete-role';
import { useRoles } from '@/features/role/api/get-roles';
import { lazyNamed, OnceOpened } from '@/components/lazy-modal';

// dialogs load when first opened (components/lazy-modal.tsx)
const RoleFormModal = lazyNamed(() => import('@/features/role/components/role-form-modal'), 'RoleFormModal');
const RoleGrantDrawer = lazyNamed(() => import('@/features/role/components/role-grant-drawer'), 'RoleGrantDrawer');

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
    {
      title: t('role.sensitive'),
      dataIndex: 'sensitive',
      render: (v: boolean) => <Tag color={v ? 'orange' : 'default'}>{t(v ? 'role.yes' : 'role.no')}</Tag>,
      responsive: ['lg' as const],
    },
    { title: t('role.users'), dataIndex: 'users', responsive: ['lg' as const] },
    ...(['role:update', 'role:grant', 'role:delete'].some(can)
      ? [
          actionsColumn(t('common.actions'), (row: RoleRow) => (
            <>
              <IconAction
                perm="role:update"
                type="text"
                title={t('common.update')}
                icon={<EditOutlined />}
                onClick={() => setEditing({ role: row })}
                testId={`role-update-${row.code}`}
              />
              <IconAction
                perm="role:grant"
                type="text"
                title={t('button.grant')}
                icon={<SafetyOutlined />}
                onClick={() => setGranting(row)}
                testId={`role-grant-${row.code}`}
              />
              <DeleteAction
                perm="role:delete"
                type="text"
                testId={`role-delete-${row.code}`}
                title={t('role.confirmDelete', { name: row.name })}
                okButtonProps={{ danger: true }}
                run={() => remove.mutateAsync(row.id)}
              />
            </>
          )),
        ]
      : []),
  ];

  return (
    <Card>
      <SearchForm list={list}>
        <TextFilter name="code" label={t('role.code')} />
        <TextFilter name="name" label={t('role.name')} />
      </SearchForm>
      <ListToolbar left={<CreateButton perm="role:create" testId="role-create" onClick={() => setEditing({})} />} />
      <Table<RoleRow> {...list.tableProps(data, isFetching)} columns={columns} />
      <OnceOpened open={editing !== null}>
        <RoleFormModal open={editing !== null} role={editing?.role} onClose={() => setEditing(null)} />
      </OnceOpened>
      <OnceOpened open={granting !== null}>
        <RoleGrantDrawer role={granting} onClose={() => setGranting(null)} />
      </OnceOpened>
    </Card>
  );
}
