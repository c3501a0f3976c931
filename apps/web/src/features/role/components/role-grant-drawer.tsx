import type { RoleRow } from '@pv/contract';
import { Button, Drawer, Empty, Space, Spin, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResourceLabel } from '@/lib/resource-label';
import { buildTree, type TreeRow } from '@/lib/tree';
import { useGrantResources, useRoleGrants } from '@/features/role/api/role-grants';
import { display, toggle } from './grant-state';
import { useFeedback } from '@/lib/feedback';

/** Grant a role menus and buttons on the resource tree; what you do not hold yourself is greyed out. */
export function RoleGrantDrawer({ role, onClose }: { role: RoleRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const label = useResourceLabel();
  const grants = useRoleGrants(role?.id);
  const save = useGrantResources();
  const [granted, setGranted] = useState<Set<number>>(new Set());
  const resources = useMemo(() => grants.data?.resources ?? [], [grants.data]);

  useEffect(() => {
    if (grants.data) setGranted(new Set(grants.data.granted));
  }, [grants.data]);

  const treeData = useMemo(() => {
    type Row = (typeof resources)[number];
    const toNode = (r: TreeRow<Row>): DataNode => ({
      key: r.id,
      title: (
        <span data-testid={`grant-node-${r.kind === 'menu' ? r.routerPath : r.perm}`}>
          {label(r)} {r.kind === 'button' ? <Typography.Text type="secondary">{r.perm}</Typography.Text> : null}
          {r.kind === 'button' && <Tag style={{ marginInlineStart: 6 }}>{t('resource.button')}</Tag>}
        </span>
      ),
      disableCheckbox: !r.grantable,
      children: r.children?.map(toNode),
    });
    return buildTree(resources).map(toNode);
  }, [resources, label, t]);

  const keys = display(resources, granted);

  const submit = async () => {
    if (!role) return;
    try {
      await save.mutateAsync({ id: role.id, resourceIds: [...granted] });
      void message.success(t('success.authorization'));
      onClose();
    } catch {
      // shown by the API client
    }
  };

  return (
    <Drawer
      open={!!role}
      title={t('role.grantTitle', { name: role?.name ?? '' })}
      onClose={onClose}
      maskClosable={false}
      size={520}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            onClick={submit}
            loading={save.isPending}
            disabled={!grants.data}
            data-testid="grant-save"
          >
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('role.grantHint')}</Typography.Paragraph>
      {grants.isLoading ? (
        <Spin />
      ) : treeData.length ? (
        <Tree
          checkable
          checkStrictly
          selectable={false}
          defaultExpandAll
          treeData={treeData}
          checkedKeys={{ checked: keys.checked, halfChecked: keys.halfChecked }}
          onCheck={(_keys, info) => setGranted((g) => toggle(resources, g, Number(info.node.key)))}
          data-testid="grant-tree"
        />
      ) : (
        <Empty />
      )}
    </Drawer>
  );
}
