import { EditOutlined } from '@ant-design/icons';
import {
  CONTRACT_STATUSES,
  PROVIDER_SERVICE_TYPES,
  type ContractStatus,
  type ProviderQuery,
  type ProviderRow,
} from '@pv/contract';
import { Card, Form, Select, Table, Tag, Tooltip } from 'antd';
import { useState, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '@/components/export-button';
import { CreateButton, ListToolbar, SearchForm, TextFilter, actionsColumn } from '@/components/list-page';
import { DeleteAction, IconAction } from '@/components/row-actions';
import { useHasPerm } from '@/lib/access';
import { formatDay } from '@/lib/format';
import { useListPage } from '@/lib/use-list-page';
import { useProviders } from '@/features/provider/api/get-providers';
import { useDeleteProvider } from '@/features/provider/api/delete-provider';
import { lazyNamed } from '@/components/lazy-modal';

// dialogs load when first opened (components/lazy-modal.tsx)
const ProviderFormModal = lazyNamed(
  () => import('@/features/provider/components/provider-form-modal'),
  'ProviderFormModal',
);

type Filters = Pick<ProviderQuery, 'keyword' | 'contractStatus' | 'serviceType'>;
type Q = ProviderQuery & { pageNum: number; pageSize: number };

const STATUS_COLOR: Record<ContractStatus, string> = {
  pending: 'gold',
  active: 'green',
  suspended: 'orange',
  expired: 'default',
};

/** /business_partners/service_provider: the providers of your scope, searched and paged by the server, exported as .xlsx. */
export default function ProviderListPage() {
  const { t } = useTranslation();
  const can = useHasPerm();
  const list = useListPage<Q, Filters>({ totalKey: 'provider.total' });
  const { data, isFetching } = useProviders(list.query);
  const remove = useDeleteProvider();
  // the create/edit form (null: closed, undefined provider: create)
  const [editing, setEditing] = useState<{ provider?: ProviderRow } | null>(null);
  const dash = (v: string | null) => v || '—';

  const columns = [
    { title: t('provider.name'), dataIndex: 'name', render: (v: string) => <strong>{v}</strong> },
    {
      title: t('provider.providerType'),
      dataIndex: 'providerType',
      render: (v: string | null) => (v ? t(`provider.type.${v}`) : '—'),
      responsive: ['lg' as const],
    },
    { title: t('provider.contact'), dataIndex: 'contact', render: dash },
    { title: t('provider.phone'), dataIndex: 'phone', render: dash, responsive: ['md' as const] },
    {
      title: t('provider.serviceType'),
      dataIndex: 'serviceType',
      render: (v: string | null) => (v ? t(`provider.service.${v}`) : '—'),
      responsive: ['lg' as const],
    },
    { title: t('provider.serviceArea'), dataIndex: 'serviceArea', render: dash, responsive: ['xl' as const] },
    { title: t('provider.contractNo'), dataIndex: 'contractNo', render: dash, responsive: ['md' as const] },
    {
      title: t('provider.contractStatus'),
      dataIndex: 'contractStatus',
      render: (v: ContractStatus) => <Tag color={STATUS_COLOR[v]}>{t(`provider.status.${v}`)}</Tag>,
    },
    {
      title: t('provider.certification'),
      dataIndex: 'certification',
      render: dash,
      responsive: ['xl' as const],
      ellipsis: true,
    },
    { title: t('provider.projects'), dataIndex: 'projects', width: 90, align: 'right' as const },
    {
      title: t('provider.lastMaintenanceAt'),
      dataIndex: 'lastMaintenanceAt',
      render: (v: string | null) => formatDay(v) || '—',
      responsive: ['lg' as const],
    },
    { title: t('provider.address'), dataIndex: 'address', render: dash, responsive: ['xxl' as const], ellipsis: true },
    {
      title: t('provider.remarks'),
      dataIndex: 'remarks',
      responsive: ['xxl' as const],
      ellipsis: { showTitle: false },
      render: (v: string | null) => (v ? <Tooltip title={v}>{v}</Tooltip> : '—'),
    },
    ...(['provider:update', 'provider:delete'].some(can)
      ? [
          actionsColumn(t('common.actions'), (row: ProviderRow) => (
            <>
              <IconAction
                perm="provider:update"
                type="text"
                title={t('common.update')}
                icon={<EditOutlined />}
                onClick={() => setEditing({ provider: row })}
                testId={`provider-update-${row.id}`}
              />
              <DeleteAction
                perm="provider:delete"
                type="text"
                testId={`provider-delete-${row.id}`}
                title={t('provider.confirmDelete', { name: row.name })}
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
      <SearchForm list={list} searchTestId="provider-search">
        <TextFilter
          name="keyword"
          label={t('provider.keyword')}
          placeholder={t('provider.keywordHint')}
          width={220}
          testId="provider-keyword"
        />
        <Form.Item name="contractStatus" label={t('provider.contractStatus')}>
          <Select
            allowClear
            style={{ width: 140 }}
            data-testid="provider-filter-status"
            options={CONTRACT_STATUSES.map((v) => ({ value: v, label: t(`provider.status.${v}`) }))}
          />
        </Form.Item>
        <Form.Item name="serviceType" label={t('provider.serviceType')}>
          <Select
            allowClear
            style={{ width: 160 }}
            options={PROVIDER_SERVICE_TYPES.map((v) => ({ value: v, label: t(`provider.service.${v}`) }))}
          />
        </Form.Item>
      </SearchForm>
      <ListToolbar
        left={<CreateButton perm="provider:create" testId="provider-create" onClick={() => setEditing({})} />}
        right={
          <ExportButton
            path="/providers/export"
            query={list.query}
            perm="provider:export"
            testId="provider-export"
            doneKey="provider.exported"
          />
        }
      />
      <Table<ProviderRow> {...list.tableProps(data, isFetching)} columns={columns} data-testid="provider-table" />
      {editing && (
        <Suspense fallback={null}>
          <ProviderFormModal provider={editing.provider} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Card>
  );
}
