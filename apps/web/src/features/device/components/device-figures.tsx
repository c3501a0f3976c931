import { InfoCircleOutlined } from '@ant-design/icons';
import type { DeviceDetail } from '@pv/contract';
import { Card, Col, Row, Space, Statistic, Table, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NO_VALUE, useFormat } from '@/lib/quantity';
import { useDevices } from '@/features/device/api/get-devices';
import { flowText } from '@/features/device/components/point-label';

interface Figure {
  key: string;
  title: ReactNode;
  value: string;
  /** the figure spans the whole row on a phone (a direction and a power are wider than a number) */
  wide?: boolean;
  /** `figure-<key>` unless named */
  testId?: string;
}

/**
 * Figures in rows: the live state first (power, state of charge…), then the energies. `perRow` is
 * how many share a row on a wide screen, the same in every row so the columns line up.
 */
function Figures({ rows, perRow, testId }: { rows: Figure[][]; perRow: 4 | 6; testId: string }) {
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid={testId}>
      {rows.map((items, i) => (
        <Row key={i} gutter={[16, 16]}>
          {items.map((it) => (
            <Col key={it.key} xs={it.wide ? 24 : 12} sm={12} md={perRow === 6 ? 8 : 6} xl={24 / perRow}>
              <Statistic
                title={it.title}
                value={it.value}
                formatter={(text) => text}
                styles={{ content: { fontSize: 20 } }}
                data-testid={it.testId ?? `figure-${it.key}`}
              />
            </Col>
          ))}
        </Row>
      ))}
    </Space>
  );
}

const num = (points: DeviceDetail['points'], name: string): number | null => {
  const v = points?.[name];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};

/** The DC strings a device reports (pv1Voltage, pv1Current, pv2Voltage…), in string order. */
function dcStrings(points: DeviceDetail['points']) {
  const byString = new Map<number, { voltage: number | null; current: number | null }>();
  for (const name of Object.keys(points ?? {})) {
    const m = /^pv(\d+)(Voltage|Current)$/.exec(name);
    if (!m) continue;
    const n = Number(m[1]);
    const s = byString.get(n) ?? { voltage: null, current: null };
    if (m[2] === 'Voltage') s.voltage = num(points, name);
    else s.current = num(points, name);
    byString.set(n, s);
  }
  return [...byString.entries()]
    .sort(([a], [b]) => a - b)
    .map(([n, s]) => ({
      n,
      ...s,
      power: s.voltage !== null && s.current !== null ? s.voltage * s.current : null,
    }));
}

function InverterFigures({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  // `production` is what the plant adds up; `energy` only for an answer from before it existed
  const p = device.production ?? { ...device.energy, counterKwh: null };
  const strings = dcStrings(device.points);
  const items: Figure[] = [
    { key: 'power', title: t('device.figures.acPower'), value: flowText(t, f, device.flow), wide: true },
    { key: 'today', title: t('device.figures.today'), value: f.energy(p.today), testId: 'energy-today' },
    { key: 'month', title: t('device.figures.month'), value: f.energy(p.month), testId: 'energy-month' },
    { key: 'year', title: t('device.figures.year'), value: f.energy(p.year), testId: 'energy-year' },
    { key: 'total', title: t('device.figures.total'), value: f.energy(p.total), testId: 'energy-total' },
  ];
  if (p.counterKwh !== null)
    items.push({
      key: 'counter',
      title: (
        <Tooltip title={t('device.figures.counterHelp')}>
          <span>
            {t('device.figures.counter')} <InfoCircleOutlined />
          </span>
        </Tooltip>
      ),
      value: f.energy(p.counterKwh),
    });
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('device.production')} data-testid="device-production">
        <Figures rows={[items]} perRow={6} testId="device-energy" />
      </Card>
      {strings.length > 0 && (
        <Card title={t('device.figures.dcStrings')} data-testid="device-dc-strings">
          <Table
            rowKey="n"
            size="small"
            pagination={false}
            dataSource={strings}
            scroll={{ x: 'max-content' }}
            style={{ maxWidth: 720 }}
            columns={[
              { title: t('device.figures.string'), dataIndex: 'n', render: (n: number) => `PV${n}` },
              {
                title: t('device.figures.voltage'),
                dataIndex: 'voltage',
                align: 'right',
                render: (v: number | null) => f.quantity('voltage', v),
              },
              {
                title: t('device.figures.current'),
                dataIndex: 'current',
                align: 'right',
                render: (v: number | null) => f.quantity('current', v),
              },
              {
                title: t('device.figures.power'),
                dataIndex: 'power',
                align: 'right',
                render: (v: number | null) => f.power(v),
              },
            ]}
          />
        </Card>
      )}
    </Space>
  );
}

function BatteryFigures({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  const b = device.battery;
  const state: Figure[] = [
    { key: 'power', title: t('device.figures.power'), value: flowText(t, f, device.flow), wide: true },
    {
      key: 'soc',
      title: t('device.figures.soc'),
      value: f.quantity('soc', b?.socPercent ?? num(device.points, 'batterySoc')),
    },
    {
      key: 'temperature',
      title: t('device.figures.temperature'),
      value: f.quantity('temperature', b?.temperatureC ?? num(device.points, 'temperature')),
    },
  ];
  const energies: Figure[] = [
    { key: 'chargeToday', title: t('device.figures.chargeToday'), value: f.energy(b?.chargeToday) },
    { key: 'dischargeToday', title: t('device.figures.dischargeToday'), value: f.energy(b?.dischargeToday) },
    { key: 'chargeTotal', title: t('device.figures.chargeTotal'), value: f.energy(b?.chargeTotal) },
    { key: 'dischargeTotal', title: t('device.figures.dischargeTotal'), value: f.energy(b?.dischargeTotal) },
  ];
  return (
    <Card title={t('device.figures.battery')} data-testid="device-battery">
      <Figures rows={[state, energies]} perRow={4} testId="device-battery-figures" />
    </Card>
  );
}

function MeterFigures({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  const m = device.meter;
  const state: Figure[] = [
    { key: 'power', title: t('device.figures.gridPower'), value: flowText(t, f, device.flow), wide: true },
    {
      key: 'importPower',
      title: t('device.figures.importPower'),
      value: f.power(num(device.points, 'meterImportPower')),
    },
    {
      key: 'exportPower',
      title: t('device.figures.exportPower'),
      value: f.power(num(device.points, 'meterExportPower')),
    },
  ];
  const energies: Figure[] = [
    { key: 'importToday', title: t('device.figures.importToday'), value: f.energy(m?.importToday) },
    { key: 'exportToday', title: t('device.figures.exportToday'), value: f.energy(m?.exportToday) },
    { key: 'importTotal', title: t('device.figures.importTotal'), value: f.energy(m?.importTotal) },
    { key: 'exportTotal', title: t('device.figures.exportTotal'), value: f.energy(m?.exportTotal) },
  ];
  return (
    <Card title={t('device.figures.grid')} data-testid="device-meter">
      <Figures rows={[state, energies]} perRow={4} testId="device-meter-figures" />
    </Card>
  );
}

/** A received signal's strength as a word: the usual bands of a cellular or Wi-Fi link. */
export function signalQuality(dbm: number): 'strong' | 'fair' | 'weak' {
  return dbm >= -70 ? 'strong' : dbm >= -85 ? 'fair' : 'weak';
}

function CollectorFigures({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  const rssi = device.collector?.rssiDbm ?? num(device.points, 'rssi');
  // the same query as the page's sub device list: answered once for both
  const { data } = useDevices({ pageNum: 1, pageSize: 100, parentId: device.id }, device.subCount > 0);
  const online = data?.rows.filter((r) => r.onlineState === 'online').length;
  const items: Figure[] = [
    {
      key: 'signal',
      title: t('device.figures.signal'),
      value:
        rssi === null
          ? NO_VALUE
          : `${f.quantity('signal', rssi)} · ${t(`device.figures.signalQuality.${signalQuality(rssi)}`)}`,
      wide: true,
    },
    {
      key: 'connected',
      title: t('device.figures.connected'),
      value:
        device.subCount === 0
          ? f.count(0)
          : online === undefined
            ? f.count(device.subCount)
            : t('device.figures.connectedCount', { count: device.subCount, online: f.count(online) }),
      wide: true,
    },
  ];
  return (
    <Card title={t('device.figures.connection')} data-testid="device-collector">
      <Figures rows={[items]} perRow={4} testId="device-collector-figures" />
      {device.subCount === 0 && (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {t('device.figures.noConnected')}
        </Typography.Paragraph>
      )}
    </Card>
  );
}

/**
 * The figures of a device by what it is (docs/energy-model.md): an inverter's power, production
 * and DC strings; a battery's charge or discharge, state of charge and energies; a meter's import
 * and export; a collector's signal and connected devices. Only an inverter has production.
 */
export function DeviceFigures({ device }: { device: DeviceDetail }) {
  switch (device.type) {
    case 'inverter':
      return <InverterFigures device={device} />;
    case 'battery':
      return <BatteryFigures device={device} />;
    case 'meter':
      return <MeterFigures device={device} />;
    case 'collector':
      return <CollectorFigures device={device} />;
    default:
      return null;
  }
}
