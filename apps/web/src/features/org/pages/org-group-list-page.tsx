import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { OrgGroupListQuery, OrgGroupRow } from '@pv/contract';
import { Button, Card, Table, Tag } from 'antd';
import { useState, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { groupLabel } from '@/features/org/components/group-label';
import { CreateButton, ListToolbar, SearchForm, TextFilter, actionsColumn } from '@/components/list-page';
import { ConfirmAction } from '@/components/row-actions';
import { Access } from '@/lib/access';
import { useListPage } from '@/lib/use-list-page';
import { useDeleteOrgGroup } from '@/features/org/api/delete-org-group';
import { useOrgGroups } from '@/features/org/api/get-org-groups';
import { lazyNamed } from '@/components/lazy-modal';

// dialogs load when first opened (components/lazy-modal.tsx)
const OrgGroupFormModal = lazyNamed(
  () => import('@/features/org/components/org-group-form-modal'),
  'OrgGroupFormModal',
);

type Filters = Pick<OrgGroupListQuery, 'name' | 'code'>;

/** /auth/orgGroup: the types of organisations, paged and filtered by the server. */
export default function OrgGroupListPage() {
  const { t } = useTranslation();
  const list = useListPage<OrgGroupListQuery, Filters>({ totalKey: 'org.total' });
  const { data, isFetching } = useOrgGroups(list.query);
  const remove = useDeleteOrgGroup();
  const [editing, setEditing] = useState<{ group?: OrgGroupRow } | null>(null);

  const columns = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: t('org.group.name'), dataIndex: 'name', render: (v: string, row: OrgGroupRow) => groupLabel(row.code, v) },
    {
      title: t('org.group.code'),
      dataIndex: 'code',
      render: (v: string) => <Tag color={v === 'ROOT' ? 'purple' : undefined}>{v}</Tag>,
    },
    { title: t('org.group.orgs'), dataIndex: 'orgs', width: 140 },
    actionsColumn(
      t('common.actions'),
      (row: OrgGroupRow) => (
        <>
          <Access perm="orgGroup:update">
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setEditing({ group: row })}
              data-testid={`org-group-edit-${row.code}`}
            >
              {t('common.update')}
            </Button>
          </Access>
          <Access perm="orgGroup:delete">
            <ConfirmAction
              title={t('org.group.confirmDelete', { name: row.name })}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              disabled={row.code === 'ROOT'}
              run={() => remove.mutateAsync(row.id)}
            >
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                disabled={row.code === 'ROOT'}
                data-testid={`org-group-delete-${row.code}`}
              >
                {t('common.delete')}
              </Button>
            </ConfirmAction>
          </Access>
        </>
      ),
      { fixed: false, size: 4, wrap: false, perms: ['orgGroup:update', 'orgGroup:delete'] },
    ),
  ];

  return (
    <Card>
      <SearchForm list={list}>
        <TextFilter name="name" label={t('org.group.name')} />
        <TextFilter name="code" label={t('org.group.code')} />
      </SearchForm>
      <ListToolbar
        left={<CreateButton perm="orgGroup:create" testId="org-group-create" onClick={() => setEditing({})} />}
      />
      <Table<OrgGroupRow> {...list.tableProps(data, isFetching)} columns={columns} />
      {editing && (
        <Suspense fallback={null}>
          <OrgGroupFormModal open group={editing.group} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Card>
  );
}
