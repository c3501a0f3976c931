import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ResourceRow } from '@pv/contract';
import { Button, Card, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateButton, ListToolbar, actionsColumn } from '@/components/list-page';
import { ConfirmAction } from '@/components/row-actions';
import { Access } from '@/lib/access';
import { useDeleteResource } from '@/features/resource/api/delete-resource';
import { useResources } from '@/features/resource/api/get-resources';
import { useResourceLabel } from '@/lib/resource-label';
import { buildTree, type TreeRow } from '@/lib/tree';
import { lazyNamed, OnceOpened } from '@/components/lazy-modal';

// dialogs load when first opened (components/lazy-modal.tsx)
const ResourceFormModal = lazyNamed(
  () => import('@/features/resource/components/resource-form-modal'),
  'ResourceFormModal',
);

/** /auth/res: the tree of menus and buttons; changes reach the users on their next currentInfo. */
export default function ResourcePage() {
  const { t } = useTranslation();
  const label = useResourceLabel();
  const { data, isFetching } = useResources();
  const remove = useDeleteResource();
  const [target, setTarget] = useState<{ parentId: number | null; resource?: ResourceRow } | null>(null);
  const tree = useMemo(() => buildTree(data ?? []), [data]);
  const yesNo = (v: boolean) =>
    v ? <Tag color="orange">{t('role.yes')}</Tag> : <Typography.Text type="secondary">{t('role.no')}</Typography.Text>;

  const columns = [
    {
      title: t('resource.name'),
      key: 'label',
      render: (_: unknown, r: ResourceRow) => <span data-testid={`res-${r.id}`}>{label(r)}</span>,
    },
    {
      title: t('resource.nameEn'),
      dataIndex: 'nameEn',
      render: (v: string | null) => v ?? '—',
      responsive: ['xl' as const],
    },
    { title: t('resource.level'), dataIndex: 'level', width: 70 },
    {
      title: t('resource.kind'),
      dataIndex: 'kind',
      render: (k: ResourceRow['kind']) => <Tag color={k === 'menu' ? 'blue' : 'default'}>{t(`resource.${k}`)}</Tag>,
    },
    {
      title: t('resource.routerPath'),
      dataIndex: 'routerPath',
      render: (v: string | null) => v ?? '—',
      responsive: ['md' as const],
    },
    {
      title: t('resource.icon'),
      dataIndex: 'icon',
      render: (v: string | null) => v ?? '—',
      responsive: ['xl' as const],
    },
    {
      title: t('resource.perm'),
      dataIndex: 'perm',
      render: (v: string | null) => (v ? <Typography.Text code>{v}</Typography.Text> : '—'),
      responsive: ['md' as const],
    },
    { title: t('resource.dataPerm'), dataIndex: 'dataPerm', render: yesNo, responsive: ['lg' as const] },
    { title: t('resource.sensitive'), dataIndex: 'sensitive', render: yesNo, responsive: ['lg' as const] },
    actionsColumn(
      t('common.actions'),
      (r: TreeRow<ResourceRow>) => (
        <>
          {r.kind === 'menu' && (
            <Access perm="res:create">
              <Button
                type="link"
                size="small"
                icon={<PlusOutlined />}
                onClick={() => setTarget({ parentId: r.id })}
                data-testid={`res-add-${r.id}`}
              >
                {t('resource.addChild')}
              </Button>
            </Access>
          )}
          <Access perm="res:update">
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setTarget({ parentId: r.parentId, resource: r })}
              data-testid={`res-update-${r.id}`}
            >
              {t('common.update')}
            </Button>
          </Access>
          <Access perm="res:delete">
            <ConfirmAction
              title={t(r.seeded ? 'resource.confirmDeleteSeeded' : 'resource.confirmDelete', { name: label(r) })}
              okButtonProps={{ danger: true }}
              run={() => remove.mutateAsync(r.id)}
            >
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                disabled={!!r.children?.length}
                data-testid={`res-delete-${r.id}`}
              >
                {t('common.delete')}
              </Button>
            </ConfirmAction>
          </Access>
        </>
      ),
      { fixed: false, perms: ['res:create', 'res:update', 'res:delete'] },
    ),
  ];

  return (
    <Card>
      <ListToolbar
        left={<CreateButton perm="res:create" testId="res-create" onClick={() => setTarget({ parentId: null })} />}
      />
      <Table<TreeRow<ResourceRow>>
        rowKey="id"
        size="small"
        loading={isFetching}
        columns={columns}
        dataSource={tree}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <OnceOpened open={target !== null}>
        <ResourceFormModal target={target} resources={data ?? []} onClose={() => setTarget(null)} />
      </OnceOpened>
    </Card>
  );
}
