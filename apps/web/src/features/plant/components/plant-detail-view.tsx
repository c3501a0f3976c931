import { ArrowLeftOutlined, EditOutlined, LinkOutlined } from '@ant-design/icons';
import { powerFlowOf, type FaultRow, type PlantDetail, type PlantDeviceRow, type PowerFlow } from '@pv/contract';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Row,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tabs,
  Tag,
  Tooltip,
} from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Access, useHasPerm } from '@/lib/access';
import { formatTime } from '@/lib/format';
import { ZonedTime } from '@/components/zoned-time';
import { SeverityTag } from '@/components/fault-tags';
import { FAULT_LIST_PATH, faultListHref } from '@/lib/fault-links';
import { useSession } from '@/stores/session';
import { zoneAbbreviation, zoneFullName } from '@/lib/time-zone';
import { NO_VALUE, useFormat } from '@/lib/quantity';
import { useLivePlants } from '@/lib/live';
import { usePaging } from '@/lib/use-paging';
import { usePlantDevices } from '@/features/plant/api/get-plant-devices';
import { usePlantFaults } from '@/features/plant/api/get-plant-faults';
import { EnergyFlow } from '@/features/plant/components/energy-flow';
import { PlantStatusTag } from '@/features/plant/components/plant-status';
import { OnlineTag, RunTag } from '@/components/device-state';
import { ProductionChart } from '@/features/plant/components/production-chart';
import { RevenueCard } from '@/features/plant/components/revenue-card';
import { lazyNamed, OnceOpened } from '@/components/lazy-modal';
import { Text } from '@/components/text';

// dialogs load when first opened (components/lazy-modal.tsx); the authorised users' tab (its form and
// the contract's rules) when it is first shown
const PlantFormModal = lazyNamed(() => import('@/features/plant/components/plant-form-modal'), 'PlantFormModal');
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

/**
 * A plant's page once it is read (pages/plant-detail-page.tsx shows the skeleton and "not found"):
 * facts, weather, production, revenue, energy flow, devices, faults, authorised users. Loaded on
 * demand, beside the plant's data, so that a page without a plant does not load its charts and tables.
 */
export function PlantDetailView({ plant: p }: { plant: PlantDetail }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const can = useHasPerm();
  const [editing, setEditing] = useState(false);

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
                <GrantsTab plantId={p.id} />
              </Suspense>
            ),
          },
        ]
      : []),
  ];

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card
        title={
          <Space wrap>
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              onClick={() => void navigate('/power_station/power_station_list')}
              aria-label={t('plant.backToList')}
            />
            <span data-testid="plant-detail-name">{p.name}</span>
            <PlantStatusTag status={p.status} />
            {p.access === 'grant' && <Tag color="purple">{t('plant.grantedToYou')}</Tag>}
            <Text
              type="secondary"
              style={{ fontSize: 12, fontWeight: 'normal' }}
              title={zoneFullName(p.timeZone, Date.now(), i18n.language)}
              data-testid="plant-zone"
            >
              {t('time.plantZone', {
                zone: `${zoneAbbreviation(p.timeZone, Date.now(), i18n.language)} · ${p.timeZone}`,
              })}
            </Text>
          </Space>
        }
        extra={
          p.access === 'org' && (
            <Access perm="plant:update">
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="plant-detail-edit">
                {t('common.update')}
              </Button>
            </Access>
          )
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={t('plant.capacity')}>{f.capacity(p.capacityKw * 1000)}</Descriptions.Item>
          <Descriptions.Item label={t('plant.installCapacity')}>
            {p.installCapacityWp ? f.capacity(p.installCapacityWp) : '—'}
          </Descriptions.Item>
          <Descriptions.Item
            label={t('plant.countryTimeZone')}
          >{`${p.country ? `${p.country} / ` : ''}${p.timeZone}`}</Descriptions.Item>
          <Descriptions.Item label={t('plant.address')}>{p.address ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('plant.coordinates')}>
            {p.latitude !== null && p.longitude !== null ? `${p.latitude}, ${p.longitude}` : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('plant.installPosition')}>
            {p.installPosition ? t(`plant.position.${p.installPosition}`) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('plant.installedAt')}>
            {p.installedAt ? formatTime(p.installedAt, 'YYYY-MM-DD', p.timeZone) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('plant.dataUpdatedAt')}>
            {/* the zone is named in the card's title; its full name on hover here */}
            {p.dataUpdatedAt ? (
              <span title={zoneFullName(p.timeZone, p.dataUpdatedAt, i18n.language)}>
                {formatTime(p.dataUpdatedAt, undefined, p.timeZone)}
              </span>
            ) : (
              '—'
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('plant.owner')}>
            {p.owner
              ? `${p.owner.name}${p.owner.phone ? ` · ${p.owner.phone}` : ''}${p.owner.email ? ` · ${p.owner.email}` : ''}`
              : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('plant.installer')}>{p.installerName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('plant.organisation')}>{p.orgName}</Descriptions.Item>
          <Descriptions.Item
            label={t('plant.devicesOnline')}
          >{`${f.count(p.devicesOnline)} / ${f.count(p.devices)}`}</Descriptions.Item>
        </Descriptions>
      </Card>

      <Row gutter={[12, 12]}>
        <Col xs={24} xl={16}>
          <Card title={t('plant.production')} size="small" style={{ height: '100%' }}>
            <Row gutter={[12, 12]} style={{ marginBottom: 8 }}>
              {(
                [
                  ['power', f.power(p.power)],
                  ['energyToday', f.energy(p.energyToday)],
                  ['energyMonth', f.energy(p.energyMonth)],
                  ['energyYear', f.energy(p.energyYear)],
                  ['energyTotal', f.energy(p.energyTotal)],
                ] as const
              ).map(([key, value]) => (
                <Col key={key} xs={12} sm={8} lg={4}>
                  <Statistic title={t(`plant.${key}`)} value={value} />
                </Col>
              ))}
            </Row>
            <ProductionChart plantId={p.id} />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Space direction="vertical" size={12} style={{ width: '100%' }}>
            <Card title={t('plant.weather.title')} size="small" data-testid="plant-weather">
              <Row gutter={[8, 8]}>
                <Col span={12}>
                  <Statistic
                    title={t('plant.weather.temperature')}
                    value={f.quantity('temperature', p.weather.temperature)}
                  />
                </Col>
                <Col span={12}>
                  <Statistic title={t('plant.weather.humidity')} value={f.quantity('humidity', p.weather.humidity)} />
                </Col>
                <Col span={12}>
                  <Statistic
                    title={t('plant.weather.windSpeed')}
                    value={f.quantity('windSpeed', p.weather.windSpeed)}
                  />
                </Col>
                <Col span={12}>
                  <Statistic
                    title={t('plant.weather.airPressure')}
                    value={f.quantity('airPressure', p.weather.airPressure)}
                  />
                </Col>
              </Row>
            </Card>
            <Card title={t('plant.performance')} size="small">
              <Row gutter={[8, 8]}>
                <Col span={12}>
                  <Statistic title={t('plant.specificYield')} value={f.quantity('specificYield', p.specificYield)} />
                </Col>
                <Col span={12}>
                  <Tooltip
                    title={p.performanceRatioNote ? t(`plant.prNote.${p.performanceRatioNote}`) : t('plant.prHelp')}
                  >
                    <Statistic title={t('plant.performanceRatio')} value={f.quantity('ratio', p.performanceRatio)} />
                  </Tooltip>
                </Col>
              </Row>
            </Card>
          </Space>
        </Col>
      </Row>

      <RevenueCard plant={p} />

      <Card title={t('plant.energyFlow')} size="small">
        <EnergyFlow flow={p.energyFlow} />
      </Card>

      <Card size="small">
        <Tabs items={tabs} />
      </Card>
      <OnceOpened open={editing}>
        <PlantFormModal open={editing} plant={p} onClose={() => setEditing(false)} />
      </OnceOpened>
    </Space>
  );
}
