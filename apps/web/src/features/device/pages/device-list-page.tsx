import { DeleteOutlined, EditOutlined, KeyOutlined, LinkOutlined, DisconnectOutlined } from '@ant-design/icons';
import {
  DEVICE_ONLINE_STATES,
  DEVICE_RUN_STATES,
  DEVICE_TYPES,
  type DeviceListQuery,
  type DeviceRow,
  type DeviceSortField,
  powerFlowOf,
} from '@pv/contract';
import {
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Grid,
  Pagination,
  Popconfirm,
  Select,
  Space,
  Spin,
  Table,
  Typography,
} from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExportButton } from '@/components/export-button';
import { CreateButton, ListToolbar, SearchForm, TextFilter, actionsColumn, tableScrollX } from '@/components/list-page';
import { usePhone } from '@/lib/use-phone';
import { ConfirmAction, IconAction } from '@/components/row-actions';
import { Access, useHasPerm } from '@/lib/access';
import { ZonedTime } from '@/components/zoned-time';
import { useFormat } from '@/lib/quantity';
import { listLoading, useListPage } from '@/lib/use-list-page';
import type { DeviceKey } from '@/features/device/api/create-device';
import { useDeleteDevices } from '@/features/device/api/delete-devices';
import { useDevices } from '@/features/device/api/get-devices';
import { useOrgOptions } from '@/api/orgs';
import { useProducts } from '@/features/device/api/get-products';
import { useRotateDeviceKey } from '@/features/device/api/rotate-device-key';
import { useUnbindDevice } from '@/features/device/api/unbind-device';
import { boundPlantsOf, DeleteDevicesContent } from '@/features/device/components/delete-devices-content';
import { pointName } from '@/features/device/components/point-label';
import { OnlineTag, RunTag } from '@/components/device-state';
import { lazyNamed, OnceOpened } from '@/components/lazy-modal';
import { useFeedback } from '@/lib/feedback';

// dialogs load when first opened (components/lazy-modal.tsx)
const BindModal = lazyNamed(() => import('@/features/device/components/bind-modal'), 'BindModal');
const DeviceFormModal = lazyNamed(() => import('@/features/device/components/device-form-modal'), 'DeviceFormModal');
const DeviceKeyModal = lazyNamed(() => import('@/features/device/components/device-key-modal'), 'DeviceKeyModal');

type Filters = Pick<DeviceListQuery, 'sn' | 'type' | 'productId' | 'onlineState' | 'runState' | 'plant' | 'orgId'>;
const FILTER_KEYS = ['sn', 'type', 'productId', 'onlineState', 'runState', 'plant', 'orgId'] as const;

export const detailPath = (id: number) => `/devices/devices_detail?id=${id}`;

/** The permissions of a row's actions: without any of them the list has no Actions column. */
const ROW_ACTION_PERMS = ['device:update', 'device:bind', 'device:unbind'];

/** /devices/devices__manage: the devices of your data scope, filtered, sorted and paged by the server. */
export default function DeviceListPage() {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const can = useHasPerm();
  const screens = Grid.useBreakpoint();
  const list = useListPage<DeviceListQuery, Filters>({
    totalKey: 'device.total',
    sort: (s) => {
      const sortField = s?.order ? (s.columnKey as DeviceSortField) : undefined;
      return { sortField, sortOrder: sortField ? (s!.order === 'descend' ? 'desc' : 'asc') : undefined };
    },
  });
  const { query } = list;
  const phone = usePhone();
  const devices = useDevices(query);
  const { data } = devices;
  const loading = listLoading(devices);
  const products = useProducts();
  const orgs = useOrgOptions();
  // the chosen rows (not just their ids): the confirmation names the plants they are bound to
  const [selected, setSelected] = useState<DeviceRow[]>([]);
  const [editing, setEditing] = useState<{ open: boolean; device: DeviceRow | null }>({ open: false, device: null });
  const [binding, setBinding] = useState<DeviceRow | null>(null);
  const [key, setKey] = useState<DeviceKey | null>(null);
  const unbind = useUnbindDevice();
  const remove = useDeleteDevices();
  const rotate = useRotateDeviceKey();
  const deleteSelected = () => {
    // spec §5: a device must be chosen before deleting
    if (!selected.length) {
      void message.warning(t('validation.deviceRequired'));
      return;
    }
    const devices = selected;
    const choice = { withPlant: false };
    modal.confirm({
      title: t('device.confirmDeleteTitle'),
      content: (
        <DeleteDevicesContent
          count={devices.length}
          plants={boundPlantsOf(devices)}
          canDeletePlant={can('plant:delete')}
          onWithPlantChange={(v) => (choice.withPlant = v)}
        />
      ),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      maskClosable: false,
      onOk: async () => {
        const deleted = new Set<number>();
        try {
          await remove.mutateAsync({ devices, withPlant: choice.withPlant, onDeleted: (id) => deleted.add(id) });
          setSelected([]);
          void message.success(t('success.delete'));
        } catch {
          // shown by the API client; the rest stay selected
          setSelected((rows) => rows.filter((r) => !deleted.has(r.id)));
        }
      },
      onCancel: () => void message.info(t('device.deleteCancelled')),
    });
  };

  // what to do next when the list is empty: add the first device, or loosen the filters
  const filtered = FILTER_KEYS.some((k) => query[k] !== undefined);
  const empty = filtered ? (
    <Empty description={t('device.empty.filtered')} data-testid="device-empty">
      <Button onClick={list.reset}>{t('device.empty.clear')}</Button>
    </Empty>
  ) : (
    <Empty
      description={
        <>
          <div>{t('device.empty.none')}</div>
          <Typography.Text type="secondary">{t('device.empty.noneHint')}</Typography.Text>
        </>
      }
      data-testid="device-empty"
    >
      <CreateButton
        perm="device:create"
        testId="device-empty-create"
        label={t('device.empty.add')}
        onClick={() => setEditing({ open: true, device: null })}
      />
    </Empty>
  );

  const sortOf = (field: DeviceSortField) =>
    query.sortField === field ? (query.sortOrder === 'desc' ? ('descend' as const) : ('ascend' as const)) : null;

  // a row's actions, in the table's Actions column or at the foot of a card on a phone
  const rowActions = (r: DeviceRow) => (
    <>
      <Access perm="device:update">
        <IconAction
          title={t('common.update')}
          icon={<EditOutlined />}
          onClick={() => setEditing({ open: true, device: r })}
          testId={`device-edit-${r.sn}`}
        />
        {!r.parentSn && (
          <Popconfirm
            title={t('device.confirmRotate', { sn: r.sn })}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={async () => setKey(await rotate.mutateAsync(r.id).catch(() => null))}
          >
            <IconAction title={t('device.rotateKey')} icon={<KeyOutlined />} testId={`device-rotate-${r.sn}`} />
          </Popconfirm>
        )}
      </Access>
      {r.plantId === null
        ? !r.parentSn && (
            <Access perm="device:bind">
              <Button
                type="link"
                size="small"
                icon={<LinkOutlined />}
                onClick={() => setBinding(r)}
                data-testid={`device-bind-${r.sn}`}
              >
                {t('device.bind')}
              </Button>
            </Access>
          )
        : !r.parentSn && (
            <Access perm="device:unbind">
              <ConfirmAction
                title={t('device.confirmUnbind', { sn: r.sn, plant: r.plantName ?? '' })}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                onCancel={() => void message.info(t('device.unbindCancelled'))}
                run={() => unbind.mutateAsync(r.id)}
                doneKey="success.unbind"
              >
                <Button
                  type="link"
                  size="small"
                  danger
                  icon={<DisconnectOutlined />}
                  data-testid={`device-unbind-${r.sn}`}
                >
                  {t('device.unbind')}
                </Button>
              </ConfirmAction>
            </Access>
          )}
    </>
  );

  const columns = [
    {
      title: t('device.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      sortOrder: sortOf('name'),
      fixed: 'left' as const,
      width: 130,
      ellipsis: { showTitle: true },
      render: (v: string, r: DeviceRow) => (
        <Link to={detailPath(r.id)} data-testid={`device-open-${r.sn}`}>
          {v}
        </Link>
      ),
    },
    { title: t('device.sn'), dataIndex: 'sn', key: 'sn', width: 100, sorter: true, sortOrder: sortOf('sn') },
    {
      title: t('device.product'),
      dataIndex: 'productName',
      width: 110,
      ellipsis: { showTitle: true },
      render: (v: string | null) => v ?? '—',
    },
    {
      title: t('device.type'),
      dataIndex: 'type',
      key: 'type',
      width: 80,
      sorter: true,
      sortOrder: sortOf('type'),
      render: (v: DeviceRow['type']) => t(`device.types.${v}`),
    },
    {
      title: t('device.commMode'),
      dataIndex: 'commMode',
      width: 100,
      // on wide screens only (and on the device's page): at 1440 px the list's last columns slid
      // under the fixed actions column (issue 42)
      responsive: ['xxl' as const],
      render: (v: string) => t(`device.comm.${v}`, { defaultValue: v }),
    },
    {
      title: t('device.onlineState'),
      dataIndex: 'onlineState',
      key: 'onlineState',
      width: 90,
      sorter: true,
      sortOrder: sortOf('onlineState'),
      render: (v: DeviceRow['onlineState']) => <OnlineTag state={v} />,
    },
    {
      title: t('device.runState'),
      dataIndex: 'runState',
      key: 'runState',
      width: 90,
      sorter: true,
      sortOrder: sortOf('runState'),
      render: (v: DeviceRow['runState']) => <RunTag state={v} />,
    },
    {
      title: t('device.versions'),
      key: 'versions',
      responsive: ['xxl' as const],
      width: 150,
      render: (_: unknown, r: DeviceRow) => (
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {[r.hwVersion, r.swVersion, r.protocolVersion].map((v) => v ?? '—').join(' / ')}
        </Typography.Text>
      ),
    },
    {
      title: t('device.lastOnline'),
      dataIndex: 'lastOnlineAt',
      key: 'lastOnlineAt',
      sorter: true,
      sortOrder: sortOf('lastOnlineAt'),
      // the time and its zone on one line (ZonedTime does not wrap)
      width: 200,
      // on the device's plant clock, the zone named (an unbound device: the user's zone)
      render: (v: number | null, r: DeviceRow) => <ZonedTime value={v} timeZone={r.timeZone} />,
    },
    {
      title: t('device.plant'),
      dataIndex: 'plantName',
      key: 'plantName',
      width: 100,
      sorter: true,
      sortOrder: sortOf('plantName'),
      render: (v: string | null) => v ?? <Typography.Text type="secondary">{t('device.unbound')}</Typography.Text>,
    },
    {
      title: t('device.subOrParent'),
      key: 'sub',
      width: 110,
      render: (_: unknown, r: DeviceRow) =>
        r.parentSn
          ? t('device.parentIs', { sn: r.parentSn })
          : r.subCount
            ? t('device.subCount', { count: r.subCount })
            : '—',
    },
    actionsColumn(t('common.actions'), rowActions, { wrap: false, perms: ROW_ACTION_PERMS, width: 150 }),
  ];

  return (
    <Card>
      <SearchForm list={list} name="device-filter" searchTestId="device-search">
        <TextFilter name="sn" label={t('device.sn')} width={150} testId="filter-sn" />
        <Form.Item name="type" label={t('device.type')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={DEVICE_TYPES.map((v) => ({ value: v, label: t(`device.types.${v}`) }))}
            data-testid="filter-type"
          />
        </Form.Item>
        {products.isSuccess && (
          <Form.Item name="productId" label={t('device.product')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 150 }}
              options={(products.data?.rows ?? []).map((p) => ({ value: p.id, label: p.name }))}
            />
          </Form.Item>
        )}
        <Form.Item name="onlineState" label={t('device.onlineState')}>
          <Select
            allowClear
            style={{ width: 110 }}
            options={DEVICE_ONLINE_STATES.map((v) => ({ value: v, label: t(`device.online.${v}`) }))}
            data-testid="filter-online"
          />
        </Form.Item>
        <Form.Item name="runState" label={t('device.runState')}>
          <Select
            allowClear
            style={{ width: 110 }}
            options={DEVICE_RUN_STATES.map((v) => ({ value: v, label: t(`device.run.${v}`) }))}
          />
        </Form.Item>
        <TextFilter name="plant" label={t('device.plant')} width={150} placeholder={t('device.plantKeyword')} />
        {orgs.isSuccess && (
          <Form.Item name="orgId" label={t('device.org')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 180 }}
              options={(orgs.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
            />
          </Form.Item>
        )}
      </SearchForm>
      <ListToolbar
        left={
          <Space wrap>
            <CreateButton
              perm="device:create"
              testId="device-create"
              onClick={() => setEditing({ open: true, device: null })}
            />
            {/* deleting chooses rows of the table, which a phone does not show */}
            {!phone && (
              <Access perm="device:delete">
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  onClick={deleteSelected}
                  loading={remove.isPending}
                  data-testid="device-delete"
                >
                  {selected.length ? t('device.deleteCount', { count: selected.length }) : t('common.delete')}
                </Button>
              </Access>
            )}
          </Space>
        }
        right={
          <ExportButton
            path="/devices/export"
            query={query}
            perm="device:export"
            testId="device-export"
            doneKey="device.exported"
          />
        }
      />
      {phone ? (
        <DeviceCards
          rows={data?.rows}
          loading={loading}
          actions={ROW_ACTION_PERMS.some(can) ? rowActions : undefined}
          empty={empty}
          paging={{
            current: query.pageNum,
            pageSize: query.pageSize,
            total: data?.total ?? 0,
            onChange: (pageNum, pageSize) => list.setQuery((q) => ({ ...q, pageNum, pageSize })),
          }}
        />
      ) : (
        <Table<DeviceRow>
          {...list.tableProps(data, loading)}
          locale={{ emptyText: data ? empty : ' ' }}
          columns={columns}
          scroll={{ x: tableScrollX(columns, screens, can('device:delete') ? 32 : 0) }}
          rowSelection={
            can('device:delete')
              ? {
                  selectedRowKeys: selected.map((r) => r.id),
                  onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
                  preserveSelectedRowKeys: true,
                }
              : undefined
          }
        />
      )}
      <OnceOpened open={editing.open}>
        <DeviceFormModal
          open={editing.open}
          device={editing.device}
          onClose={() => setEditing({ open: false, device: null })}
          onCreated={setKey}
        />
      </OnceOpened>
      <OnceOpened open={binding !== null}>
        <BindModal device={binding} onClose={() => setBinding(null)} />
      </OnceOpened>
      <OnceOpened open={key !== null}>
        <DeviceKeyModal value={key} onClose={() => setKey(null)} />
      </OnceOpened>
    </Card>
  );
}

interface DeviceCardsProps {
  rows: DeviceRow[] | undefined;
  loading: boolean;
  /** The row's actions, when the user may do any. */
  actions?: (row: DeviceRow) => ReactNode;
  /** Shown when the page has no device. */
  empty: ReactNode;
  paging: { current: number; pageSize: number; total: number; onChange: (pageNum: number, pageSize: number) => void };
}

/**
 * The list on a phone: a card per device with what is scanned (name and SN, its states, its power as
 * a direction and a figure, and today's production or its own key figure), then where it is.
 */
function DeviceCards({ rows, loading, actions, empty, paging }: DeviceCardsProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const figure = (label: string, value: string, testId: string) => (
    <div key={testId} style={{ minWidth: 0 }} data-testid={testId}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      <div style={{ fontSize: 16, fontVariantNumeric: 'tabular-nums' }}>{value}</div>
    </div>
  );
  const figures = (r: DeviceRow) => {
    const flow = powerFlowOf(r.type, r.points);
    const points = r.points ?? {};
    const out = [
      flow && figure(t(`plant.flow.${flow.direction}`), f.power(flow.powerW), `device-card-power-${r.sn}`),
      r.type === 'inverter' &&
        figure(t('plant.energyToday'), f.point('energyToday', points.energyToday), `device-card-today-${r.sn}`),
      r.type === 'battery' &&
        figure(pointName(t, 'batterySoc'), f.point('batterySoc', points.batterySoc), `device-card-soc-${r.sn}`),
      r.type === 'collector' &&
        figure(pointName(t, 'rssi'), f.point('rssi', points.rssi), `device-card-signal-${r.sn}`),
    ].filter(Boolean);
    return out.length ? out : null;
  };
  return (
    <Spin spinning={loading}>
      <Flex vertical gap={8} data-testid="device-cards">
        {rows?.length === 0 && empty}
        {rows?.map((r) => (
          <Card key={r.id} size="small" data-testid={`device-card-${r.sn}`}>
            <Flex align="center" gap={8} wrap>
              <span
                style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                <Link to={detailPath(r.id)} data-testid={`device-open-${r.sn}`}>
                  {r.name}
                </Link>
              </span>
              <OnlineTag state={r.onlineState} />
              <RunTag state={r.runState} />
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {`${r.sn} · ${t(`device.types.${r.type}`)}`}
            </Typography.Text>
            {figures(r) && (
              <Flex gap={24} style={{ marginTop: 8 }}>
                {figures(r)}
              </Flex>
            )}
            <Flex align="center" justify="space-between" gap={8} style={{ marginTop: 8 }}>
              <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                {r.plantName ?? t('device.unbound')}
              </Typography.Text>
              {actions && <Space size={0}>{actions(r)}</Space>}
            </Flex>
          </Card>
        ))}
      </Flex>
      <Pagination size="small" align="center" style={{ marginTop: 12 }} simple {...paging} />
    </Spin>
  );
}
