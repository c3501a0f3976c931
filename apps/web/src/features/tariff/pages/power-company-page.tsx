import { DollarOutlined, EditOutlined } from '@ant-design/icons';
import {
  PRICE_KINDS,
  type PowerCompanyQuery,
  type PowerCompanyRow,
  type PriceKind,
  type PriceRow,
  type PriceSaved,
} from '@pv/contract';
import { Card, Empty, Select, Space, Table, Tag, Typography } from 'antd';
import { useState, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '@/components/export-button';
import { CreateButton, ListToolbar, SearchForm, TextFilter, actionsColumn } from '@/components/list-page';
import { DeleteAction, IconAction } from '@/components/row-actions';
import { useHasPerm } from '@/lib/access';
import { formatDay } from '@/lib/format';
import { periodHours, periodLabel } from '@/lib/tariff-period';
import { useListPage } from '@/lib/use-list-page';
import { useDeletePowerCompany } from '@/features/tariff/api/delete-power-company';
import { useDeletePrice } from '@/features/tariff/api/delete-price';
import { usePowerCompanies } from '@/features/tariff/api/get-power-companies';
import { usePrices } from '@/features/tariff/api/get-prices';
import { RecomputeProgress } from '@/features/tariff/components/recompute-progress';
import { lazyNamed } from '@/components/lazy-modal';

// dialogs load when first opened (components/lazy-modal.tsx)
const CompanyFormModal = lazyNamed(() => import('@/features/tariff/components/company-form-modal'), 'CompanyFormModal');
const PriceFormModal = lazyNamed(() => import('@/features/tariff/components/price-form-modal'), 'PriceFormModal');

type Q = PowerCompanyQuery & { pageNum: number; pageSize: number };

/** The prices of one company, filtered by area and kind, with their time-of-use periods. */
function PriceList({ company, onRecompute }: { company: PowerCompanyRow; onRecompute: (id: number) => void }) {
  const { t } = useTranslation();
  const can = useHasPerm();
  const [area, setArea] = useState<string>();
  const [kind, setKind] = useState<PriceKind>();
  const [pageNum, setPageNum] = useState(1);
  const { data, isFetching } = usePrices({ companyId: company.id, area, kind, pageNum, pageSize: 10 });
  const remove = useDeletePrice();
  const [editing, setEditing] = useState<{ price?: PriceRow } | null>(null);
  const saved = (s: PriceSaved) => s.recompute && onRecompute(s.recompute.id);
  const columns = [
    { title: t('tariff.priceArea'), dataIndex: 'area' },
    {
      title: t('tariff.kind'),
      dataIndex: 'kind',
      render: (v: PriceKind) => <Tag color={v === 'feedIn' ? 'green' : 'blue'}>{t(`tariff.kinds.${v}`)}</Tag>,
    },
    { title: t('tariff.validFrom'), dataIndex: 'validFrom', render: (v: string) => formatDay(v) },
    {
      title: t('tariff.validTo'),
      dataIndex: 'validTo',
      render: (v: string | null) => (v ? formatDay(v) : t('tariff.openEnd')),
    },
    {
      title: t('tariff.periods'),
      dataIndex: 'periods',
      render: (periods: PriceRow['periods']) => (
        <Space size={4} wrap>
          {periods.map((p, i) => (
            <Tag key={i}>
              {periodLabel(t, p.name)} {periodHours(t, p)} · {p.price}
              {p.days !== 'all' ? ` · ${t(`tariff.days.${p.days}`)}` : ''}
            </Tag>
          ))}
        </Space>
      ),
    },
    { title: t('tariff.updatedBy'), dataIndex: 'updatedBy', responsive: ['lg' as const] },
    ...(['price:update', 'price:delete'].some(can)
      ? [
          actionsColumn(t('common.actions'), (row: PriceRow) => (
            <>
              <IconAction
                perm="price:update"
                type="text"
                title={t('common.update')}
                icon={<EditOutlined />}
                onClick={() => setEditing({ price: row })}
                testId={`price-update-${row.id}`}
              />
              <DeleteAction
                perm="price:delete"
                type="text"
                testId={`price-delete-${row.id}`}
                title={t('tariff.confirmDeletePrice')}
                okButtonProps={{ danger: true }}
                run={async () => {
                  const r = await remove.mutateAsync(row.id);
                  if (r) onRecompute(r.id);
                }}
              />
            </>
          )),
        ]
      : []),
  ];
  return (
    <Card
      size="small"
      title={t('tariff.pricesOf', { company: company.name, currency: company.currency })}
      style={{ marginTop: 16 }}
      data-testid="price-list"
    >
      <ListToolbar
        left={
          <Space wrap>
            <CreateButton
              perm="price:create"
              testId="price-create"
              onClick={() => setEditing({})}
              label={t('tariff.createPriceShort')}
            />
            <Select
              allowClear
              placeholder={t('tariff.priceArea')}
              aria-label={t('tariff.priceArea')}
              style={{ width: 160 }}
              value={area}
              onChange={(v) => (setArea(v), setPageNum(1))}
              options={company.priceAreas.map((a) => ({ value: a, label: a }))}
            />
            <Select
              allowClear
              placeholder={t('tariff.kind')}
              aria-label={t('tariff.kind')}
              style={{ width: 140 }}
              value={kind}
              onChange={(v) => (setKind(v), setPageNum(1))}
              options={PRICE_KINDS.map((k) => ({ value: k, label: t(`tariff.kinds.${k}`) }))}
            />
          </Space>
        }
      />
      <Table<PriceRow>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.rows}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={{ current: pageNum, pageSize: 10, total: data?.total ?? 0, onChange: setPageNum }}
        data-testid="price-table"
      />
      {editing && (
        <Suspense fallback={null}>
          <PriceFormModal company={company} price={editing.price} onClose={() => setEditing(null)} onSaved={saved} />
        </Suspense>
      )}
    </Card>
  );
}

/**
 * /systems/power-company: power companies with their currency and price areas, and the
 * electricity prices of the chosen one (spec §2, §3). A price change shows the progress of the
 * revenue recompute it started.
 */
export default function PowerCompanyPage() {
  const { t } = useTranslation();
  const can = useHasPerm();
  const list = useListPage<Q, Pick<PowerCompanyQuery, 'keyword'>>({ totalKey: 'tariff.total', pageSize: 10 });
  const { data, isFetching } = usePowerCompanies(list.query);
  const remove = useDeletePowerCompany();
  const [editing, setEditing] = useState<{ company?: PowerCompanyRow } | null>(null);
  const [selectedId, setSelectedId] = useState<number>();
  const [recompute, setRecompute] = useState<number>();
  const selected =
    data?.rows.find((c) => c.id === selectedId) ?? (selectedId === undefined ? data?.rows[0] : undefined);

  const columns = [
    {
      title: t('tariff.companyName'),
      dataIndex: 'name',
      render: (v: string, row: PowerCompanyRow) => (
        <Typography.Link strong onClick={() => setSelectedId(row.id)} data-testid={`company-${row.id}`}>
          {v}
        </Typography.Link>
      ),
    },
    { title: t('tariff.country'), dataIndex: 'country', width: 90 },
    { title: t('tariff.currency'), dataIndex: 'currency', width: 90 },
    {
      title: t('tariff.priceAreas'),
      dataIndex: 'priceAreas',
      render: (v: string[]) => (
        <Space size={4} wrap>
          {v.map((a) => (
            <Tag key={a}>{a}</Tag>
          ))}
        </Space>
      ),
    },
    { title: t('tariff.prices'), dataIndex: 'prices', width: 90, align: 'right' as const },
    { title: t('tariff.plants'), dataIndex: 'plants', width: 90, align: 'right' as const },
    actionsColumn(t('common.actions'), (row: PowerCompanyRow) => (
      <>
        <IconAction
          type="text"
          title={t('tariff.showPrices')}
          icon={<DollarOutlined />}
          onClick={() => setSelectedId(row.id)}
          testId={`company-prices-${row.id}`}
        />
        {can('price:update') && (
          <IconAction
            perm="price:update"
            type="text"
            title={t('common.update')}
            icon={<EditOutlined />}
            onClick={() => setEditing({ company: row })}
            testId={`company-update-${row.id}`}
          />
        )}
        <DeleteAction
          perm="price:delete"
          type="text"
          testId={`company-delete-${row.id}`}
          title={t('tariff.confirmDeleteCompany', { name: row.name })}
          okButtonProps={{ danger: true }}
          run={() => remove.mutateAsync(row.id)}
        />
      </>
    )),
  ];

  return (
    <Card>
      {recompute !== undefined && <RecomputeProgress id={recompute} onClose={() => setRecompute(undefined)} />}
      <SearchForm list={list} searchTestId="company-search">
        <TextFilter name="keyword" label={t('tariff.keyword')} width={220} testId="company-keyword" />
      </SearchForm>
      <ListToolbar
        left={
          <CreateButton
            perm="price:create"
            testId="company-create"
            onClick={() => setEditing({})}
            label={t('tariff.createCompany')}
          />
        }
        right={
          <ExportButton
            path="/power-companies/export"
            query={list.query}
            perm="price:list"
            testId="company-export"
            doneKey="tariff.exported"
          />
        }
      />
      <Table<PowerCompanyRow>
        {...list.tableProps(data, isFetching)}
        columns={columns}
        rowClassName={(r) => (r.id === selected?.id ? 'ant-table-row-selected' : '')}
        data-testid="company-table"
      />
      {selected ? (
        <PriceList key={selected.id} company={selected} onRecompute={setRecompute} />
      ) : (
        !isFetching && <Empty style={{ marginTop: 16 }} description={t('tariff.noCompany')} />
      )}
      {editing && (
        <Suspense fallback={null}>
          <CompanyFormModal company={editing.company} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Card>
  );
}
