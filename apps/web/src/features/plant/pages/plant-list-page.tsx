import { EditOutlined, SettingOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { PlantListQuery, PlantRow, PlantStatus } from '@pv/contract';
import {
  Button,
  Card,
  Checkbox,
  Empty,
  Flex,
  Pagination,
  Popover,
  Spin,
  Table,
  Tag,
  Typography,
  type TableProps,
  Grid,
} from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ExportButton } from '@/components/export-button';
import { CreateButton, ListToolbar, SearchForm, TextFilter, actionsColumn, tableScrollX } from '@/components/list-page';
import { DeleteAction, IconAction } from '@/components/row-actions';
import { useHasPerm } from '@/lib/access';
import { formatTime } from '@/lib/format';
import { useLivePlants } from '@/lib/live';
import { useFormat, type Formatter } from '@/lib/quantity';
import { useListPage } from '@/lib/use-list-page';
import { usePhone } from '@/lib/use-phone';
import { useDeletePlant } from '@/features/plant/api/delete-plant';
import { usePlants } from '@/features/plant/api/get-plants';
import { useSetFavourite } from '@/features/plant/api/set-favourite';
import { PlantStatusTag } from '@/features/plant/components/plant-status';
import { StatusTabs } from '@/components/status-tabs';
import { ZonedTime } from '@/components/zoned-time';
import { formatMoney } from '@/lib/money';
import { lazyNamed, OnceOpened } from '@/components/lazy-modal';
import { useFeedback } from '@/lib/feedback';

// dialogs load when first opened (components/lazy-modal.tsx)
const PlantFormModal = lazyNamed(() => import('@/features/plant/components/plant-form-modal'), 'PlantFormModal');

type Filters = Pick<PlantListQuery, 'name' | 'owner' | 'installer' | 'org'>;
/** The parts of the query that narrow the list (not paging or sorting). */
const FILTER_KEYS = [
  'name',
  'owner',
  'installer',
  'org',
  'status',
  'favourite',
] as const satisfies readonly (keyof PlantListQuery)[];
type Tab = 'all' | PlantStatus;

const plantDetailPath = (id: number) => `/power_station/power_station_detail?id=${id}`;

/**
 * Columns an operator does not scan on every visit: offered under "Columns" beside the export, so
 * name, status, power and today's production fit a 1440 px screen without sideways scrolling.
 * Those shown until the user chooses fit there too with the actions (the widths below add up to
 * 1,206 px of the 1,218 a 1440 px window leaves; a title wraps rather than widen its column): a
 * wider table slid its last columns under the fixed actions column (issue 42). The choice is
 * kept in this browser.
 */
const OPTIONAL_COLUMNS = [
  'capacity',
  'energyTotal',
  'dataUpdatedAt',
  'energyMonth',
  'energyYear',
  'owner',
  'installer',
  'countryTimeZone',
  'address',
  'installedAt',
  'revenueToday',
  'revenueTotal',
] as const;
type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number];
const SHOWN_AT_FIRST: OptionalColumn[] = ['capacity', 'energyTotal', 'dataUpdatedAt', 'revenueToday', 'revenueTotal'];
const COLUMNS_STORAGE = 'pv.plantList.columns';

function storedColumns(): OptionalColumn[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(COLUMNS_STORAGE) ?? 'null');
    if (Array.isArray(v)) return OPTIONAL_COLUMNS.filter((c) => v.includes(c));
  } catch {
    // an unreadable choice is no choice
  }
  return SHOWN_AT_FIRST;
}

/** /power_station/power_station_list: status tabs, search, favourites, sortable columns, export, CRUD. */
export default function PlantListPage() {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const can = useHasPerm();
  // ?ownerId=: one customer's plants (the customer list's plant count links here)
  const [params, setParams] = useSearchParams();
  const ownerId = Number(params.get('ownerId')) || undefined;
  const list = useListPage<PlantListQuery, Filters>({
    totalKey: 'plant.total',
    initial: { ownerId },
    // a new order starts again from the first page
    sort: (s, q) => {
      const sortField = s?.order ? (s.columnKey as PlantListQuery['sortField']) : undefined;
      const sortOrder = s?.order ?? undefined;
      return { sortField, sortOrder, ...((sortField !== q.sortField || sortOrder !== q.sortOrder) && { pageNum: 1 }) };
    },
  });
  const { query, filter } = list;
  // the URL decides the owner: another link, back and forward follow it
  useEffect(() => {
    if (query.ownerId !== ownerId) filter({ ownerId });
  }, [ownerId, query.ownerId, filter]);
  const { data, isFetching } = usePlants(query);
  // live: the page is read again when a refresh names one of its plants
  useLivePlants(data?.rows.map((r) => r.id) ?? [], ['plants', 'list']);
  const favourite = useSetFavourite();
  const remove = useDeletePlant();
  const [editing, setEditing] = useState<{ plant?: PlantRow } | null>(null);
  const [shown, setShown] = useState<OptionalColumn[]>(storedColumns);
  const phone = usePhone();
  const screens = Grid.useBreakpoint();
  const fmt = useFormat();
  // nothing listed: either nothing matches the filters (reset them) or there is no plant yet (create one)
  const filtered = FILTER_KEYS.some((k) =>
    k === 'favourite' ? query[k] === 1 : query[k] !== undefined && query[k] !== '',
  );
  const empty = !data ? (
    ' '
  ) : filtered ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('plant.empty.noMatch')} data-testid="plant-empty">
      <Button onClick={list.reset}>{t('common.reset')}</Button>
    </Empty>
  ) : (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <div>{t('plant.empty.plants')}</div>
          <Typography.Text type="secondary">{t('plant.empty.plantsHint')}</Typography.Text>
        </>
      }
      data-testid="plant-empty"
    >
      <CreateButton perm="plant:create" testId="plant-empty-create" onClick={() => setEditing({})} />
    </Empty>
  );
  const showColumns = (next: OptionalColumn[]) => {
    setShown(next);
    try {
      localStorage.setItem(COLUMNS_STORAGE, JSON.stringify(next));
    } catch {
      // kept for this visit only
    }
  };
  const hidden = (c: OptionalColumn) => !shown.includes(c);
  const sortOrderOf = (field: NonNullable<PlantListQuery['sortField']>) =>
    query.sortField === field ? (query.sortOrder ?? null) : null;
  const sortable = (field: NonNullable<PlantListQuery['sortField']>) => ({
    sorter: true,
    sortOrder: sortOrderOf(field),
    key: field,
  });
  const dash = (v: string | null | undefined) => v || '—';

  const star = (row: PlantRow) => (
    <Button
      type="text"
      size="small"
      aria-label={t(row.favourite ? 'plant.unstar' : 'plant.star')}
      data-testid={`plant-star-${row.id}`}
      icon={row.favourite ? <StarFilled style={{ color: '#fadb14' }} /> : <StarOutlined />}
      onClick={() => favourite.mutate({ id: row.id, favourite: !row.favourite })}
    />
  );
  const nameLink = (row: PlantRow) => (
    <Link to={plantDetailPath(row.id)} data-testid={`plant-link-${row.id}`} title={row.name}>
      {row.name}
    </Link>
  );

  // what an operator scans first, left to right: name, status, power, today's production
  const columns: TableProps<PlantRow>['columns'] = [
    {
      title: <StarOutlined aria-label={t('plant.favourite')} />,
      key: 'favourite',
      width: 44,
      fixed: 'left',
      render: (_: unknown, row) => star(row),
    },
    {
      title: t('plant.name'),
      dataIndex: 'name',
      fixed: 'left',
      width: 150,
      ellipsis: true,
      ...sortable('name'),
      render: (_: string, row) => nameLink(row),
    },
    {
      title: t('plant.statusLabel'),
      dataIndex: 'status',
      width: 90,
      ...sortable('status'),
      render: (s: PlantStatus) => <PlantStatusTag status={s} />,
    },
    {
      title: t('plant.power'),
      dataIndex: 'power',
      align: 'right',
      width: 120,
      ...sortable('power'),
      render: (v: number) => fmt.power(v),
    },
    {
      title: t('plant.energyToday'),
      dataIndex: 'energyToday',
      align: 'right',
      width: 120,
      ...sortable('energyToday'),
      render: (v: number) => fmt.energy(v),
    },
    {
      title: t('plant.capacity'),
      dataIndex: 'capacityKw',
      align: 'right',
      width: 100,
      hidden: hidden('capacity'),
      ...sortable('capacity'),
      render: (v: number) => fmt.capacity(v * 1000),
    },
    {
      title: t('plant.energyTotal'),
      dataIndex: 'energyTotal',
      align: 'right',
      width: 120,
      hidden: hidden('energyTotal'),
      ...sortable('energyTotal'),
      render: (v: number) => fmt.energy(v),
    },
    {
      title: t('plant.dataUpdatedAt'),
      dataIndex: 'dataUpdatedAt',
      width: 170,
      hidden: hidden('dataUpdatedAt'),
      ...sortable('dataUpdatedAt'),
      render: (v: number | null, row) => <ZonedTime value={v} timeZone={row.timeZone} />,
    },
    // revenue in the plant's own currency (issue 20); a plant without a tariff shows none
    {
      title: t('tariff.revenueToday'),
      dataIndex: 'revenueToday',
      align: 'right',
      width: 110,
      hidden: hidden('revenueToday'),
      ...sortable('revenueToday'),
      render: (v: number | null, row) =>
        v === null || !row.currency ? '—' : formatMoney(v, row.currency, i18n.language),
    },
    {
      title: t('tariff.revenueTotal'),
      dataIndex: 'revenueTotal',
      align: 'right',
      width: 110,
      hidden: hidden('revenueTotal'),
      ...sortable('revenueTotal'),
      render: (v: number | null, row) =>
        v === null || !row.currency ? '—' : formatMoney(v, row.currency, i18n.language),
    },
    {
      title: t('plant.energyMonth'),
      dataIndex: 'energyMonth',
      align: 'right',
      width: 120,
      hidden: hidden('energyMonth'),
      ...sortable('energyMonth'),
      render: (v: number) => fmt.energy(v),
    },
    {
      title: t('plant.energyYear'),
      dataIndex: 'energyYear',
      align: 'right',
      width: 120,
      hidden: hidden('energyYear'),
      ...sortable('energyYear'),
      render: (v: number) => fmt.energy(v),
    },
    { title: t('plant.owner'), dataIndex: 'ownerName', width: 130, hidden: hidden('owner'), render: dash },
    { title: t('plant.installer'), dataIndex: 'installerName', width: 130, hidden: hidden('installer'), render: dash },
    {
      title: t('plant.countryTimeZone'),
      key: 'tz',
      width: 170,
      hidden: hidden('countryTimeZone'),
      render: (_: unknown, row) => `${row.country ? `${row.country} / ` : ''}${row.timeZone}`,
    },
    {
      title: t('plant.address'),
      dataIndex: 'address',
      hidden: hidden('address'),
      render: dash,
      ellipsis: true,
      width: 180,
    },
    {
      title: t('plant.installedAt'),
      dataIndex: 'installedAt',
      width: 120,
      hidden: hidden('installedAt'),
      ...sortable('installedAt'),
      render: (v: number | null, row) => (v ? formatTime(v, 'YYYY-MM-DD', row.timeZone) : '—'),
    },
  ];
  if (can('plant:update') || can('plant:delete'))
    columns.push(
      actionsColumn(
        t('common.actions'),
        (row: PlantRow) => (
          <>
            <IconAction
              perm="plant:update"
              title={t('common.update')}
              icon={<EditOutlined />}
              onClick={() => setEditing({ plant: row })}
              testId={`plant-edit-${row.id}`}
            />
            <DeleteAction
              perm="plant:delete"
              testId={`plant-delete-${row.id}`}
              title={t('plant.confirmDelete', { name: row.name })}
              description={t('plant.confirmDeleteDevices', { count: row.devices })}
              okButtonProps={{ danger: true }}
              run={() => remove.mutateAsync(row.id)}
              onCancel={() => void message.info(t('plant.deleteCancelled'))}
            />
          </>
        ),
        { wrap: false, perms: ['plant:update', 'plant:delete'], width: 72 },
      ),
    );

  const columnLabel: Record<OptionalColumn, string> = {
    capacity: t('plant.capacity'),
    energyTotal: t('plant.energyTotal'),
    dataUpdatedAt: t('plant.dataUpdatedAt'),
    energyMonth: t('plant.energyMonth'),
    energyYear: t('plant.energyYear'),
    owner: t('plant.owner'),
    installer: t('plant.installer'),
    countryTimeZone: t('plant.countryTimeZone'),
    address: t('plant.address'),
    installedAt: t('plant.installedAt'),
    revenueToday: t('tariff.revenueToday'),
    revenueTotal: t('tariff.revenueTotal'),
  };
  const counts = data?.counts;
  const tab: Tab = query.status ?? 'all';

  return (
    <Card>
      {ownerId && (
        <Tag
          closable
          onClose={() => setParams({}, { replace: true })}
          style={{ marginBottom: 12 }}
          data-testid="plant-owner-filter"
        >
          {t('plant.ownerFilter', { name: data?.rows[0]?.ownerName ?? `#${ownerId}` })}
        </Tag>
      )}
      <SearchForm list={list} name="plantSearch" style={{ marginBottom: 8 }}>
        <TextFilter name="name" label={t('plant.name')} width={150} />
        {/* a phone searches by name; the other filters would fill its first screen */}
        {!phone && (
          <>
            <TextFilter name="owner" label={t('plant.owner')} width={130} />
            <TextFilter name="installer" label={t('plant.installer')} width={130} />
            <TextFilter name="org" label={t('plant.organisation')} width={130} />
          </>
        )}
      </SearchForm>
      <ListToolbar
        style={{ alignItems: 'center', marginBottom: 0 }}
        left={
          <StatusTabs<Tab>
            active={tab}
            onChange={(k) => list.filter({ status: k === 'all' ? undefined : k })}
            items={(['all', 'online', 'offline', 'fault'] as const).map((k) => ({
              key: k,
              label: (
                <span
                  data-testid={`plant-tab-${k}`}
                >{`${t(k === 'all' ? 'plant.all' : `plant.status.${k}`)} (${counts?.[k] ?? 0})`}</span>
              ),
            }))}
            style={{ marginBottom: 0 }}
          />
        }
        right={
          <>
            <Checkbox
              checked={query.favourite === 1}
              onChange={(e) => list.filter({ favourite: e.target.checked ? 1 : undefined })}
              data-testid="plant-favourites-only"
            >
              {t('plant.favouritesOnly')}
            </Checkbox>
            <ExportButton
              path="/plants/export"
              query={query}
              perm="plant:export"
              testId="plant-export"
              doneKey="plant.exported"
            />
            {!phone && (
              <Popover
                trigger="click"
                placement="bottomRight"
                title={t('plant.columnsTitle')}
                content={
                  <Checkbox.Group
                    value={shown}
                    onChange={(v) => showColumns(OPTIONAL_COLUMNS.filter((c) => v.includes(c)))}
                    style={{ display: 'grid', gap: 4 }}
                    data-testid="plant-columns-choice"
                    options={OPTIONAL_COLUMNS.map((c) => ({ value: c, label: columnLabel[c] }))}
                  />
                }
              >
                <Button icon={<SettingOutlined />} data-testid="plant-columns">
                  {t('plant.columns')}
                </Button>
              </Popover>
            )}
            <CreateButton perm="plant:create" testId="plant-create" onClick={() => setEditing({})} />
          </>
        }
      />
      {phone ? (
        <PlantCards
          empty={empty}
          rows={data?.rows}
          loading={isFetching && !data}
          fmt={fmt}
          star={star}
          nameLink={nameLink}
          paging={{
            current: query.pageNum,
            pageSize: query.pageSize,
            total: data?.total ?? 0,
            onChange: (pageNum, pageSize) => list.setQuery((q) => ({ ...q, pageNum, pageSize })),
          }}
        />
      ) : (
        <Table<PlantRow>
          {...list.tableProps(data, isFetching && !data)}
          columns={columns}
          scroll={{ x: tableScrollX(columns, screens) }}
          locale={{ emptyText: empty }}
        />
      )}
      <OnceOpened open={editing !== null}>
        <PlantFormModal open={editing !== null} plant={editing?.plant} onClose={() => setEditing(null)} />
      </OnceOpened>
    </Card>
  );
}

interface PlantCardsProps {
  /** What shows when there is no card. */
  empty: ReactNode;
  rows: PlantRow[] | undefined;
  loading: boolean;
  fmt: Formatter;
  star: (row: PlantRow) => ReactNode;
  nameLink: (row: PlantRow) => ReactNode;
  paging: { current: number; pageSize: number; total: number; onChange: (pageNum: number, pageSize: number) => void };
}

/**
 * The list on a phone: one card per plant with what is scanned (name, status, power, today's
 * production, and today's revenue when the plant has a tariff).
 */
function PlantCards({ empty, rows, loading, fmt, star, nameLink, paging }: PlantCardsProps) {
  const { t, i18n } = useTranslation();
  const figure = (label: string, value: string) => (
    <div style={{ flex: 1, minWidth: 0 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      <div style={{ fontSize: 16, fontVariantNumeric: 'tabular-nums' }}>{value}</div>
    </div>
  );
  return (
    <Spin spinning={loading}>
      <Flex vertical gap={8} data-testid="plant-cards">
        {rows?.length === 0 && empty}
        {rows?.map((row) => (
          <Card key={row.id} size="small" data-testid={`plant-card-${row.id}`}>
            <Flex align="center" gap={4}>
              {star(row)}
              <span
                style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {nameLink(row)}
              </span>
              <PlantStatusTag status={row.status} />
            </Flex>
            <Flex gap={16} style={{ marginTop: 8, paddingLeft: 4 }}>
              {figure(t('plant.power'), fmt.power(row.power))}
              {figure(t('plant.energyToday'), fmt.energy(row.energyToday))}
              {row.revenueToday !== null &&
                row.currency &&
                figure(t('tariff.revenueToday'), formatMoney(row.revenueToday, row.currency, i18n.language))}
            </Flex>
          </Card>
        ))}
      </Flex>
      <Pagination size="small" align="center" style={{ marginTop: 12 }} simple {...paging} />
    </Spin>
  );
}
