import { LinkOutlined } from '@ant-design/icons';
import { powerFlowOf, type FaultRow, type PlantDetail, type PlantDeviceRow, type PowerFlow } from '@pv/contract';
import { Button, Card, Empty, Flex, Skeleton, Table, Tabs, Tag } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Access, useHasPerm } from '@/lib/access';
import { ZonedTime } from '@/components/zoned-time';
import { SeverityTag } from '@/components/fault-tags';
import { FAULT_LIST_PATH, faultListHref } from '@/lib/fault-links';
import { useSession } from '@/stores/session';
import { NO_VALUE, useFormat } from '@/lib/quantity';
import { useLivePlants } from '@/lib/live';
import { usePaging } from '@/lib/use-paging';
import { usePlantDevices } from '@/features/plant/api/get-plant-devices';
import { usePlantFaults } from '@/features/plant/api/get-plant-faults';
import { OnlineTag, RunTag } from '@/components/device-state';
import { lazyNamed } from '@/components/lazy-modal';
import { Text } from '@/components/text';

// the authorised users' tab (its form and the contract's rules) loads when it is first shown
const GrantsTab = lazyNamed(() => import('@/features/plant/components/grants-tab'), 'GrantsTab');

/** A device row's power flow: the server's direction, else its signed power read as the device's own point. */
function rowFlow(d: PlantDeviceRow): PowerFlow | null {
  if (d.direction) return { direction: d.direction, powerW: d.powerW ?? 0 };
  if (d.direction === null || d.power === null) return null;
  const point = d.type === 'battery' ? 'batteryPower' : d.type === 'meter' ? 'meterImportPower' : 'acPower';
  return powerFlowOf(d.type, { [point]: d.power });
}

/**
 * A plant without devices says what to do next: devices are bound from the device list, so whoever
 * may bind is taken there.
 */
function NoDevices() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <div>{t('plant.empty.devices')}</div>
          <Text type="secondary">{t('plant.empty.devicesHint')}</Text>
        </>
      }
      data-testid="plant-no-devices"
    >
      <Access perm="device:bind">
        <Button
          type="primary"
          icon={<LinkOutlined />}
          onClick={() => void navigate('/devices/devices__manage')}
          data-testid="plant-bind-device"
        >
          {t('plant.empty.bind')}
        </Button>
      </Access>
    </Empty>
  );
}

function DevicesTable({ plantId, timeZone }: { plantId: number; timeZone: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const { query, tableProps } = usePaging({ pageSize: 10 });
  const { data, isLoading } = usePlantDevices(plantId, query.pageNum, query.pageSize);
  useLivePlants([plantId], ['plants', 'devices', plantId]);
  // a direction word beside an unsigned power ("Charging 5.00 kW"): a battery or a meter is not production
  const flowCell = (d: PlantDeviceRow) => {
    const flow = rowFlow(d);
    if (!flow) return NO_VALUE;
    if (flow.direction === 'idle') return t('plant.flow.idle');
    return (
      <>
        {t(`plant.flow.${flow.direction}`)} <span>{f.power(flow.powerW)}</span>
      </>
    );
  };
  return (
    <Table<PlantDeviceRow>
      {...tableProps(data, isLoading)}
      size="small"
      locale={{ emptyText: data ? <NoDevices /> : ' ' }}
      columns={[
        {
          title: t('plant.device.sn'),
          dataIndex: 'sn',
          render: (sn: string, d) => (
            <a onClick={() => void navigate(`/devices/devices_detail?id=${d.id}`)} data-testid={`plant-device-${sn}`}>
              {sn}
            </a>
          ),
        },
        { title: t('plant.device.name'), dataIndex: 'name' },
        { title: t('plant.device.type'), dataIndex: 'type', render: (v: string) => t(`plant.device.types.${v}`) },
        { title: t('plant.device.parentSn'), dataIndex: 'parentSn', render: (v: string | null) => v ?? '—' },
        {
          title: t('plant.device.onlineState'),
          dataIndex: 'onlineState',
          render: (v: PlantDeviceRow['onlineState']) => <OnlineTag state={v} />,
        },
        {
          title: t('plant.device.runState'),
          dataIndex: 'runState',
          render: (v: PlantDeviceRow['runState']) => <RunTag state={v} />,
        },
        {
          title: t('plant.device.power'),
          dataIndex: 'powerW',
          align: 'right',
          render: (_: unknown, d) => <span data-testid={`device-power-${d.sn}`}>{flowCell(d)}</span>,
        },
        {
          title: t('plant.device.lastOnlineAt'),
          dataIndex: 'lastOnlineAt',
          render: (v: number | null) => <ZonedTime value={v} timeZone={timeZone} />,
        },
      ]}
    />
  );
}

function FaultsTable({ plantId, timeZone }: { plantId: number; timeZone: string }) {
  const { t } = useTranslation();
  const { query, tableProps } = usePaging({ pageSize: 10 });
  const { data, isLoading } = usePlantFaults(plantId, query.pageNum, query.pageSize);
  useLivePlants([plantId], ['plants', 'faults', plantId]);
  const canListFaults = useSession((s) => !!s.info?.routerPaths.includes(FAULT_LIST_PATH));
  return (
    <>
      {canListFaults && (
        <Flex gap={16} wrap style={{ marginBottom: 8 }}>
          <Link to={faultListHref({ plantId, state: 'unrepaired' })} data-testid="plant-faults-open">
            {t('plant.fault.openUnrepaired')}
          </Link>
          <Link to={faultListHref({ plantId, days: 30 })} data-testid="plant-faults-30">
            {t('plant.fault.openLast30')}
          </Link>
        </Flex>
      )}
      <Table<FaultRow>
        {...tableProps(data, isLoading)}
        size="small"
        locale={{
          emptyText: data ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('plant.empty.faults')} /> : ' ',
        }}
        columns={[
          { title: t('plant.fault.code'), dataIndex: 'code' },
          { title: t('plant.device.sn'), dataIndex: 'sn' },
          {
            title: t('plant.fault.message'),
            dataIndex: 'message',
            render: (v: string | null, r: FaultRow) => r.title ?? v ?? '—',
          },
          {
            title: t('fault.severity'),
            dataIndex: 'severity',
            render: (v: string | undefined) => (v ? <SeverityTag severity={v} /> : '—'),
          },
          {
            title: t('plant.fault.state'),
            dataIndex: 'state',
            render: (v: string) => <Tag color={v === 'fixed' ? 'green' : 'red'}>{t(`plant.fault.states.${v}`)}</Tag>,
          },
          {
            title: t('plant.fault.openedAt'),
            dataIndex: 'openedAt',
            render: (v: number) => <ZonedTime value={v} timeZone={timeZone} />,
          },
          {
            title: t('plant.fault.fixedAt'),
            dataIndex: 'fixedAt',
            render: (v: number | null) => <ZonedTime value={v} timeZone={timeZone} />,
          },
        ]}
      />
    </>
  );
}

/** A plant's devices, faults and (for its organisation) authorised users, as tabs. */
export function PlantTables({ plant: p }: { plant: PlantDetail }) {
  const { t } = useTranslation();
  const can = useHasPerm();
  const tabs = [
    { key: 'devices', label: t('plant.tabs.devices'), children: <DevicesTable plantId={p.id} timeZone={p.timeZone} /> },
    { key: 'faults', label: t('plant.tabs.faults'), children: <FaultsTable plantId={p.id} timeZone={p.timeZone} /> },
    ...(can('plant:authorize') && p.access === 'org'
      ? [
          {
            key: 'grants',
            label: <span data-testid="plant-tab-grants">{t('plant.tabs.grants')}</span>,
            children: (
              <Suspense fallback={<Skeleton active />}>
                <GrantsTab plantId={p.id} timeZone={p.timeZone} />
              </Suspense>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card size="small">
      <Tabs items={tabs} />
    </Card>
  );
}
