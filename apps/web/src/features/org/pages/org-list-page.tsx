import { DragOutlined, EditOutlined, ReloadOutlined, SubnodeOutlined } from '@ant-design/icons';
import type { OrgTreeRow } from '@pv/contract';
import { Button, Card, Table, Tag, Typography } from 'antd';
import { useMemo, useState, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { groupLabel } from '@/features/org/components/group-label';
import { CreateButton, ListToolbar, actionsColumn } from '@/components/list-page';
import { DeleteAction, IconAction } from '@/components/row-actions';
import { Access } from '@/lib/access';
import { useDeleteOrg } from '@/features/org/api/delete-org';
import { useOrgs } from '@/api/orgs';
import { buildTree, type TreeRow } from '@/lib/tree';
import { lazyNamed } from '@/components/lazy-modal';

// dialogs load when first opened (components/lazy-modal.tsx)
const OrgFormModal = lazyNamed(() => import('@/features/org/components/org-form-modal'), 'OrgFormModal');
const OrgMoveModal = lazyNamed(() => import('@/features/org/components/org-move-modal'), 'OrgMoveModal');

type OrgNode = TreeRow<OrgTreeRow>;

type Dialog =
  { kind: 'create'; parentId?: number } | { kind: 'edit'; org: OrgTreeRow } | { kind: 'move'; org: OrgTreeRow };

/** /auth/org: the organisation tree of your data scope; create a child, edit, move, delete. */
export default function OrgListPage() {
  const { t } = useTranslation();
  const { data, isFetching, refetch } = useOrgs();
  const remove = useDeleteOrg();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const orgs = useMemo(() => data ?? [], [data]);
  const tree = useMemo(() => buildTree(orgs), [orgs]);
  // every branch open unless the user closed it (new organisations show at once)
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const expanded = useMemo(() => orgs.filter((o) => !collapsed.has(o.id)).map((o) => o.id), [orgs, collapsed]);

  const columns = [
    {
      title: t('org.name'),
      dataIndex: 'name',
      render: (v: string, row: OrgNode) => (
        <span data-testid={`org-row-${row.code}`}>
          <Typography.Text strong={row.parentId === null}>{v}</Typography.Text>
        </span>
      ),
    },
    { title: t('org.code'), dataIndex: 'code' },
    {
      title: t('org.type'),
      dataIndex: 'groupCode',
      render: (code: string, row: OrgNode) => (
        <Tag color={code === 'ROOT' ? 'purple' : 'blue'}>{groupLabel(code, row.groupName)}</Tag>
      ),
    },
    {
      title: t('org.number'),
      dataIndex: 'number',
      render: (v: string | null) => v ?? t('common.none'),
      responsive: ['md' as const],
    },
    {
      title: t('org.groupings'),
      dataIndex: 'groupings',
      responsive: ['lg' as const],
      render: (g: OrgNode['groupings']) =>
        g.length ? g.map((x) => <Tag key={x.code}>{`${x.name} · ${x.code}`}</Tag>) : t('common.none'),
    },
    {
      title: t('org.address'),
      dataIndex: 'address',
      render: (v: string | null) => v ?? t('common.none'),
      responsive: ['xl' as const],
      ellipsis: true,
    },
    {
      title: t('org.load'),
      key: 'load',
      responsive: ['md' as const],
      render: (_: unknown, row: OrgNode) => (
        <Typography.Text type="secondary">
          {t('org.loadText', { users: row.users, plants: row.plants, devices: row.devices })}
        </Typography.Text>
      ),
    },
    actionsColumn(
      t('common.actions'),
      (row: OrgNode) => (
        <>
          <IconAction
            perm="org:create"
            title={t('org.createChild')}
            icon={<SubnodeOutlined />}
            onClick={() => setDialog({ kind: 'create', parentId: row.id })}
            testId={`org-add-child-${row.code}`}
          />
          <Access perm="org:update">
            <IconAction
              title={t('common.update')}
              icon={<EditOutlined />}
              onClick={() => setDialog({ kind: 'edit', org: row })}
              testId={`org-edit-${row.code}`}
            />
            {row.parentId !== null && (
              <IconAction
                title={t('org.move')}
                icon={<DragOutlined />}
                onClick={() => setDialog({ kind: 'move', org: row })}
                testId={`org-move-${row.code}`}
              />
            )}
          </Access>
          {row.parentId !== null && (
            <DeleteAction
              perm="org:delete"
              testId={`org-delete-${row.code}`}
              title={t('org.confirmDelete', { name: row.name })}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              run={() => remove.mutateAsync(row.id)}
            />
          )}
        </>
      ),
      { perms: ['org:create', 'org:update', 'org:delete'] },
    ),
  ];

  return (
    <Card>
      <ListToolbar
        left={
          <CreateButton
            perm="org:create"
            testId="org-create"
            onClick={() => setDialog({ kind: 'create', parentId: tree[0]?.id })}
          />
        }
        right={
          <Button icon={<ReloadOutlined />} onClick={() => void refetch()} loading={isFetching}>
            {t('org.refresh')}
          </Button>
        }
      />
      <Table<OrgNode>
        rowKey="id"
        size="middle"
        loading={isFetching && !data}
        columns={columns}
        dataSource={tree}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandedRowKeys: expanded,
          indentSize: 20,
          onExpand: (open, row) =>
            setCollapsed((c) => {
              const next = new Set(c);
              if (open) next.delete(row.id);
              else next.add(row.id);
              return next;
            }),
        }}
      />
      <Suspense fallback={null}>
        {dialog?.kind === 'create' && (
          <OrgFormModal parentId={dialog.parentId} orgs={orgs} onClose={() => setDialog(null)} />
        )}
        {dialog?.kind === 'edit' && <OrgFormModal org={dialog.org} orgs={orgs} onClose={() => setDialog(null)} />}
        {dialog?.kind === 'move' && <OrgMoveModal org={dialog.org} orgs={orgs} onClose={() => setDialog(null)} />}
      </Suspense>
    </Card>
  );
}
