import {
  FAULT_PROCESSING,
  FAULT_SEVERITIES,
  FAULT_STATES,
  type FaultProcessing,
  type FaultQuery,
  type FaultRow,
  type FaultSortField,
} from '@pv/contract';
import { AutoComplete, Badge, Button, Card, Empty, Form, Select, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePlantName, usePlantOptionSearch } from '@/api/plant-options';
import { faultsKey } from '@/api/query-keys';
import { ExportButton } from '@/components/export-button';
import { lazyNamed, OnceOpened } from '@/components/lazy-modal';
import { ProcessingTag, SeverityTag } from '@/components/fault-tags';
import { RangePicker } from '@/components/date-pickers';
import { ListToolbar, SearchForm, TextFilter, actionsColumn } from '@/components/list-page';
import { RemoteSelect } from '@/components/remote-select';
import { StatusTabs } from '@/components/status-tabs';
import { ZonedTime } from '@/components/zoned-time';
import { formatDuration } from '@/lib/duration';
import { FAULT_LIST_PATH } from '@/lib/fault-links';
import { useLiveInvalidate } from '@/lib/live';
import { listLoading, useListPage } from '@/lib/use-list-page';
import { useSession } from '@/stores/session';
import { useUserTimeZone } from '@/lib/time-zone';
import { useFaultCodes } from '@/features/fault/api/get-fault-codes';
import { useFaultCounts } from '@/features/fault/api/get-fault-counts';
import { useFaults } from '@/features/fault/api/get-faults';
import { FAULTS_EXPORT_PATH } from '@/features/fault/api/export-faults';
import { FaultActions } from '@/features/fault/components/fault-actions';
import { FaultCards, useNarrow } from '@/features/fault/components/fault-cards';
import type { UrlFilters } from '@/features/fault/components/url-filters';

// the fault's drawer (descriptions, timeline, its chart) loads when a fault is first opened
const FaultDetailDrawer = lazyNamed(
  () => import('@/features/fault/components/fault-detail-drawer'),
  'FaultDetailDrawer',
);

interface Filters {
  plantId?: number | null;
  device?: string;
  code?: string;
  severity?: FaultQuery['severity'];
  state?: FaultQuery['state'];
  opened?: [Dayjs | null, Dayjs | null] | null;
}
const FILTER_KEYS = ['plantId', 'device', 'code', 'severity', 'state', 'from', 'to', 'days', 'processing'] as const;
type Tab = 'all' | FaultProcessing;

/** /systems/problem: the faults of the caller's scope, filtered, counted per state, sorted and paged by the server. */
export default function FaultListPage() {
  const { t, i18n } = useTranslation();
  const zone = useUserTimeZone();
  // the days picked are days of the user's zone
  const dayOf = (d: Dayjs) => dayjs.tz(d.format('YYYY-MM-DD'), zone);
  const list = useListPage<FaultQuery, Filters>({
    totalKey: 'fault.total',
    toQuery: ({ opened, plantId, ...f }) => ({
      ...f,
      plantId: plantId ?? undefined,
      days: undefined,
      from: opened?.[0] ? dayOf(opened[0]).startOf('day').valueOf() : undefined,
      to: opened?.[1] ? dayOf(opened[1]).endOf('day').valueOf() + 1 : undefined,
    }),
    // a new order starts again from the first page
    sort: (s, q) => {
      const sortField = s?.order ? (s.columnKey as FaultSortField) : undefined;
      const sortOrder = sortField ? (s!.order ?? undefined) : undefined;
      return { sortField, sortOrder, ...((sortField !== q.sortField || sortOrder !== q.sortOrder) && { pageNum: 1 }) };
    },
  });
  const { query, form } = list;
  const narrow = useNarrow();
  const faults = useFaults(query);
  const { data } = faults;
  const loading = listLoading(faults);
  const { data: counts } = useFaultCounts(query);
  // a fault that opens, recurs or is handled elsewhere shows without a reload
  useLiveInvalidate(faultsKey, { accept: (e) => e.type === 'stats' || e.type === 'notifications' });
  const [openId, setOpenId] = useState<number | null>(null);

  // the filters a link brings (the dashboard's count, a plant's faults, a notification)
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (pathname !== FAULT_LIST_PATH || !search) return;
    let stale = false;
    // the contract's rules (zod) check a link's values: loaded when a link names any, not with the list
    void import('@/features/fault/components/url-filters').then(({ readUrlFilters }) => {
      if (stale) return;
      const url: UrlFilters = readUrlFilters(new URLSearchParams(search));
      if (!url.any) return;
      if (url.faultId) setOpenId(url.faultId);
      // a notification names only its fault: the drawer opens over the list as it is
      if (!Object.keys(url.query).length) return;
      form.resetFields();
      form.setFieldsValue({
        plantId: url.query.plantId,
        device: url.query.device,
        code: url.query.code,
        severity: url.query.severity,
        state: url.query.state,
        opened: url.query.days
          ? [dayjs().subtract(url.query.days - 1, 'day'), dayjs()]
          : url.query.from || url.query.to
            ? [url.query.from ? dayjs(url.query.from) : null, url.query.to ? dayjs(url.query.to - 1) : null]
            : undefined,
      });
      list.setQuery((q) => ({ pageNum: 1, pageSize: q.pageSize, ...url.query }));
    });
    return () => {
      stale = true;
    };
    // only when the link changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, search]);

  // the plant filter's options are the plant list's: offered to those who may read it
  const canListPlants = useSession((s) => !!s.info?.routerPaths.includes('/power_station/power_station_list'));
  const plantLabel = usePlantName(canListPlants ? query.plantId : undefined);
  // the catalogue's codes as suggestions (a code it does not know can still be typed)
  const codes = useFaultCodes();
  const codeOptions = [...new Map((codes.data ?? []).map((c) => [c.code, c])).values()].map((c) => ({
    value: c.code,
    title: c.title,
    label: (
      <span>
        <Typography.Text code>{c.code}</Typography.Text> {c.title}
      </span>
    ),
  }));
  const filtered = FILTER_KEYS.some((k) => query[k] !== undefined);
  const empty = (
    <Empty description={t(filtered ? 'fault.empty.filtered' : 'fault.empty.none')} data-testid="fault-empty">
      {filtered && <Button onClick={list.reset}>{t('fault.empty.clear')}</Button>}
    </Empty>
  );
  const sortOf = (field: FaultSortField) => (query.sortField === field ? (query.sortOrder ?? null) : null);
  const tab: Tab = query.processing ?? 'all';
  const count = (k: Tab) => (counts ? counts[k] : undefined);

  const columns = [
    {
      title: t('fault.openedAt'),
      dataIndex: 'openedAt',
      key: 'openedAt',
      width: 185,
      sorter: true,
      sortOrder: sortOf('openedAt'),
      fixed: 'left' as const,
      // on the plant's clock, its zone named (a device without a plant: the user's zone)
      render: (v: number, r: FaultRow) => (
        <a onClick={() => setOpenId(r.id)} data-testid={`fault-open-${r.id}`}>
          <ZonedTime value={v} timeZone={r.plantTimeZone} format="YYYY-MM-DD HH:mm" />
        </a>
      ),
    },
    {
      title: t('fault.plant'),
      dataIndex: 'plantName',
      ellipsis: true,
      width: 120,
      render: (v: string | null, r: FaultRow) =>
        v && r.plantId ? (
          <Link to={`/power_station/power_station_detail?id=${r.plantId}`} title={v}>
            {v}
          </Link>
        ) : (
          '—'
        ),
    },
    {
      title: t('fault.device'),
      key: 'device',
      width: 150,
      render: (_: unknown, r: FaultRow) => (
        <div style={{ lineHeight: 1.3, minWidth: 0 }}>
          <Link to={`/devices/devices_detail?id=${r.deviceId}`}>{r.deviceName}</Link>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.sn}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    {
      // the code and what it means in the user's language (the catalogue's title, else the device's text)
      title: t('fault.fault'),
      key: 'fault',
      width: 240,
      ellipsis: true,
      render: (_: unknown, r: FaultRow) => (
        <span title={`${r.code} · ${r.title}`}>
          <Typography.Text code>{r.code}</Typography.Text> {r.title}
        </span>
      ),
    },
    {
      title: t('fault.severity'),
      dataIndex: 'severity',
      key: 'severity',
      width: 95,
      sorter: true,
      sortOrder: sortOf('severity'),
      render: (v: string) => <SeverityTag severity={v} />,
    },
    {
      // where the handling stands, and who moved it last and when
      title: t('fault.processing'),
      dataIndex: 'processing',
      width: 140,
      render: (v: string, r: FaultRow) => (
        <div style={{ lineHeight: 1.3 }}>
          <span data-testid={`fault-processing-${r.id}`}>
            <ProcessingTag processing={v} />
          </span>
          {r.handledBy && (
            // on the plant's clock, as the row's first time names it
            <Typography.Text
              type="secondary"
              style={{ fontSize: 12, display: 'block', marginTop: 2, maxWidth: 130 }}
              ellipsis={{ tooltip: `${t('fault.handledBy')}: ${r.handledBy}` }}
            >
              {r.handledBy}
            </Typography.Text>
          )}
          {r.handledBy && (
            <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
              <ZonedTime value={r.handledAt} timeZone={r.plantTimeZone} format="MM-DD HH:mm" />
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      title: t('fault.duration'),
      dataIndex: 'durationMs',
      align: 'right' as const,
      width: 140,
      render: (v: number, r: FaultRow) => {
        const d = formatDuration(v, i18n.language);
        return (
          <Typography.Text type={r.state === 'fixed' ? undefined : 'danger'} style={{ whiteSpace: 'nowrap' }}>
            {r.state === 'fixed' ? d : t('fault.ongoing', { duration: d })}
          </Typography.Text>
        );
      },
    },
    actionsColumn(t('common.actions'), (r: FaultRow) => <FaultActions fault={r} compact />, {
      wrap: false,
      perms: ['fault:repair'],
    }),
  ];

  return (
    <Card>
      <SearchForm list={list} name="fault-filter" searchTestId="fault-search">
        {canListPlants && (
          <Form.Item name="plantId" label={t('fault.plant')}>
            <RemoteSelect<number>
              allowClear
              style={{ width: 180 }}
              useOptions={usePlantOptionSearch}
              currentLabel={plantLabel}
              data-testid="filter-plant"
            />
          </Form.Item>
        )}
        <TextFilter
          name="device"
          label={t('fault.device')}
          width={160}
          placeholder={t('fault.deviceHint')}
          testId="filter-device"
        />
        <Form.Item name="code" label={t('fault.code')}>
          <AutoComplete
            allowClear
            style={{ width: 110 }}
            popupMatchSelectWidth={300}
            options={codeOptions}
            showSearch={{
              filterOption: (input, option) =>
                !!option && `${option.value} ${option.title ?? ''}`.toLowerCase().includes(input.toLowerCase()),
            }}
            data-testid="filter-code"
          />
        </Form.Item>
        <Form.Item name="severity" label={t('fault.severity')}>
          <Select
            allowClear
            style={{ width: 110 }}
            options={FAULT_SEVERITIES.map((v) => ({ value: v, label: t(`fault.severities.${v}`) }))}
            data-testid="filter-severity"
          />
        </Form.Item>
        <Form.Item name="state" label={t('fault.state')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={FAULT_STATES.map((v) => ({ value: v, label: t(`fault.states.${v}`) }))}
            data-testid="filter-state"
          />
        </Form.Item>
        <Form.Item name="opened" label={t('fault.timeRange')}>
          <RangePicker
            allowEmpty={[true, true]}
            style={{ width: 250 }}
            presets={[
              { label: t('fault.ranges.today'), value: [dayjs(), dayjs()] },
              { label: t('fault.ranges.days7'), value: [dayjs().subtract(6, 'day'), dayjs()] },
              { label: t('fault.ranges.days30'), value: [dayjs().subtract(29, 'day'), dayjs()] },
              { label: t('fault.ranges.days90'), value: [dayjs().subtract(89, 'day'), dayjs()] },
            ]}
            data-testid="filter-range"
          />
        </Form.Item>
      </SearchForm>
      <StatusTabs<Tab>
        active={tab}
        onChange={(k) => {
          form.setFieldValue('state', undefined);
          list.filter({ processing: k === 'all' ? undefined : k, state: undefined });
        }}
        items={(['all', ...FAULT_PROCESSING] as Tab[]).map((k) => ({
          key: k,
          label: (
            <span data-testid={`fault-tab-${k}`}>
              {k === 'all' ? t('fault.tabs.all') : t(`fault.processingStates.${k}`)}{' '}
              <Badge
                count={count(k) ?? 0}
                showZero
                overflowCount={99_999}
                color={k === 'open' && count(k) ? '#cf1322' : '#bfbfbf'}
                data-testid={`fault-count-${k}`}
              />
            </span>
          ),
        }))}
        style={{ marginBottom: 4 }}
      />
      <ListToolbar
        left={
          narrow ? (
            <Space>
              <Typography.Text type="secondary">{t('fault.sort')}</Typography.Text>
              <Select
                value={query.sortField === 'severity' ? 'severity' : 'openedAt'}
                style={{ width: 170 }}
                onChange={(v: FaultSortField) =>
                  list.setQuery((q) => ({ ...q, sortField: v, sortOrder: 'descend', pageNum: 1 }))
                }
                options={(['openedAt', 'severity'] as const).map((v) => ({ value: v, label: t(`fault.sorts.${v}`) }))}
                data-testid="fault-sort"
              />
            </Space>
          ) : (
            <span />
          )
        }
        right={
          <ExportButton
            path={FAULTS_EXPORT_PATH}
            query={query}
            perm="fault:export"
            testId="fault-export"
            doneKey="fault.exported"
          />
        }
      />
      {narrow ? (
        <FaultCards
          rows={data?.rows}
          loading={loading}
          empty={empty}
          onOpen={setOpenId}
          paging={{
            current: query.pageNum,
            pageSize: query.pageSize,
            total: data?.total ?? 0,
            onChange: (pageNum, pageSize) => list.setQuery((q) => ({ ...q, pageNum, pageSize })),
          }}
        />
      ) : (
        <Table<FaultRow>
          {...list.tableProps(data, loading)}
          // the widths hold: the list fits a 1440 px screen beside the open sidebar
          scroll={{ x: 1100 }}
          locale={{ emptyText: data ? empty : ' ' }}
          columns={columns}
          data-testid="fault-table"
        />
      )}
      <OnceOpened open={openId !== null}>
        <FaultDetailDrawer id={openId} onClose={() => setOpenId(null)} />
      </OnceOpened>
    </Card>
  );
}
