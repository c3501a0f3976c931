import { SwapOutlined } from '@ant-design/icons';
import type { ProviderPlantQuery, ProviderPlantRow } from '@pv/contract';
import { Button, Card, Form, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListToolbar, SearchForm, TextFilter, actionsColumn } from '@/components/list-page';
import { IconAction } from '@/components/row-actions';
import { Access, useHasPerm } from '@/lib/access';
import { useFormat } from '@/lib/quantity';
import { useListPage } from '@/lib/use-list-page';
import { useProviderOptions } from '@/features/provider/api/get-provider-options';
import { useProviderPlants } from '@/features/provider/api/get-provider-plants';
import { AssignModal } from '@/features/provider/components/assign-modal';

type Filters = Pick<ProviderPlantQuery, 'name' | 'providerId'>;
type Q = ProviderPlantQuery & { pageNum: number; pageSize: number };

/**
 * /business_partners/service_provider_management: the plants of your scope with the provider
 * serving each; select one or many and assign (or reassign) them to a provider.
 */
export default function ProviderManagementPage() {
  const { t } = useTranslation();
  const can = useHasPerm();
  const format = useFormat();
  const list = useListPage<Q, Filters>({ totalKey: 'provider.plantsTotal' });
  const { data, isFetching } = useProviderPlants(list.query);
  const providers = useProviderOptions();
  const [selected, setSelected] = useState<ProviderPlantRow[]>([]);
  const [assigning, setAssigning] = useState<ProviderPlantRow[] | null>(null);

  const columns = [
    { title: t('provider.plant'), dataIndex: 'name', render: (v: string) => <strong>{v}</strong> },
    {
      title: t('provider.capacity'),
      dataIndex: 'capacityWp',
      align: 'right' as const,
      render: (v: number) => format.capacity(v),
      responsive: ['md' as const],
    },
    {
      title: t('provider.address'),
      dataIndex: 'address',
      render: (v: string | null) => v || '—',
      responsive: ['lg' as const],
    },
    { title: t('provider.organisation'), dataIndex: 'orgName', responsive: ['md' as const] },
    {
      title: t('provider.provider'),
      dataIndex: 'providerName',
      render: (v: string | null) => (v ? <Tag color="blue">{v}</Tag> : <Tag>{t('provider.none')}</Tag>),
    },
    ...(can('provider:assign')
      ? [
          actionsColumn(t('common.actions'), (row: ProviderPlantRow) => (
            <IconAction
              perm="provider:assign"
              type="text"
              title={t(row.providerId ? 'provider.reassign' : 'provider.assign')}
              icon={<SwapOutlined />}
              onClick={() => setAssigning([row])}
              testId={`provider-assign-${row.id}`}
            />
          )),
        ]
      : []),
  ];

  return (
    <Card>
      <SearchForm list={list} searchTestId="provider-plant-search">
        <TextFilter name="name" label={t('provider.plant')} testId="provider-plant-name" />
        <Form.Item name="providerId" label={t('provider.provider')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 220 }}
            loading={providers.isLoading}
            data-testid="provider-plant-filter"
            options={[
              { value: 0, label: t('provider.none') },
              ...(providers.data ?? []).map((o) => ({ value: o.id, label: o.name })),
            ]}
          />
        </Form.Item>
      </SearchForm>
      <ListToolbar
        left={
          <Access perm="provider:assign">
            <Button
              type="primary"
              icon={<SwapOutlined />}
              disabled={selected.length === 0}
              onClick={() => setAssigning(selected)}
              data-testid="provider-assign-selected"
            >
              {t('provider.assignSelected', { count: selected.length })}
            </Button>
          </Access>
        }
      />
      <Table<ProviderPlantRow>
        {...list.tableProps(data, isFetching)}
        columns={columns}
        data-testid="provider-plant-table"
        rowSelection={
          can('provider:assign')
            ? {
                selectedRowKeys: selected.map((r) => r.id),
                preserveSelectedRowKeys: true,
                onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
              }
            : undefined
        }
      />
      {assigning && (
        <AssignModal
          plants={assigning}
          onClose={() => setAssigning(null)}
          onDone={() => {
            setAssigning(null);
            setSelected([]);
          }}
        />
      )}
    </Card>
  );
}
