import {
  AlertOutlined,
  ApiOutlined,
  CalendarOutlined,
  ClockCircleOutlined,
  CloudOutlined,
  DashboardOutlined,
  DisconnectOutlined,
  HomeOutlined,
  LineChartOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import {
  CO2_KG_PER_KWH,
  DASHBOARD_FAULT_WINDOW_DAYS,
  DASHBOARD_OFFLINE_WINDOW_DAYS,
  type DashboardKpi,
} from '@pv/contract';
import { Card, Flex, Statistic, Tooltip, Typography } from 'antd';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { thousands } from '@/lib/format';
import { withUnit } from '@/features/dashboard/format';

interface Kpi {
  key: string;
  title: string;
  icon: ReactNode;
  value: string;
  unit?: string;
  hint?: string;
  extra?: ReactNode;
}

/**
 * The figures of the dashboard as cards: four per row on a desktop, two under 992 px, one on a phone.
 * Memoised: the page renders again (synchronously) when the query's answer arrives, the cards only
 * in the deferred render that brings the new figures, which React splits into short tasks.
 */
export const KpiCards = memo(function KpiCards({ kpi }: { kpi: DashboardKpi | undefined }) {
  const { t } = useTranslation();
  const k = kpi;
  const energy = (kWh: number | undefined) => withUnit((kWh ?? 0) * 1000, 'Wh', 2);
  const co2 = k
    ? k.co2Kg >= 1000
      ? { value: thousands((k.co2Kg / 1000).toFixed(2)), unit: 't' }
      : { value: k.co2Kg.toFixed(1), unit: 'kg' }
    : { value: '0', unit: 'kg' };
  const items: Kpi[] = [
    {
      key: 'power',
      title: t('dashboard.kpi.power'),
      icon: <ThunderboltOutlined />,
      ...withUnit(k?.powerW ?? 0, 'W', 2),
    },
    { key: 'today', title: t('dashboard.kpi.today'), icon: <LineChartOutlined />, ...energy(k?.energyToday) },
    {
      key: 'capacity',
      title: t('dashboard.kpi.capacity'),
      icon: <DashboardOutlined />,
      ...withUnit((k?.capacityKwp ?? 0) * 1000, 'Wp', 2),
    },
    { key: 'plants', title: t('dashboard.kpi.plants'), icon: <HomeOutlined />, value: thousands(k?.plants ?? 0) },
    { key: 'month', title: t('dashboard.kpi.month'), icon: <CalendarOutlined />, ...energy(k?.energyMonth) },
    { key: 'year', title: t('dashboard.kpi.year'), icon: <CalendarOutlined />, ...energy(k?.energyYear) },
    { key: 'total', title: t('dashboard.kpi.total'), icon: <LineChartOutlined />, ...energy(k?.energyTotal) },
    {
      key: 'co2',
      title: t('dashboard.kpi.co2'),
      icon: <CloudOutlined />,
      ...co2,
      hint: t('dashboard.kpi.co2Hint', { factor: CO2_KG_PER_KWH }),
    },
    {
      key: 'status',
      title: t('dashboard.kpi.status'),
      icon: <ApiOutlined />,
      value: thousands(k?.plantsOnline ?? 0),
      unit: t('dashboard.kpi.online'),
      extra: (
        <Flex gap={12} wrap className="pv-kpi-extra">
          <Typography.Text type="secondary" data-testid="kpi-offline-plants">
            {t('dashboard.kpi.offline')} {thousands(k?.plantsOffline ?? 0)}
          </Typography.Text>
          <Typography.Text type="danger" data-testid="kpi-fault-plants">
            {t('dashboard.kpi.fault')} {thousands(k?.plantsFault ?? 0)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'devicesOffline',
      title: t('dashboard.kpi.devicesOffline', { days: DASHBOARD_OFFLINE_WINDOW_DAYS }),
      icon: <DisconnectOutlined />,
      value: thousands(k?.devicesOffline ?? 0),
    },
    {
      key: 'faults',
      title: t('dashboard.kpi.faults', { days: DASHBOARD_FAULT_WINDOW_DAYS }),
      icon: <AlertOutlined />,
      value: thousands(k?.faults ?? 0),
    },
    {
      key: 'hours',
      title: t('dashboard.kpi.hours'),
      icon: <ClockCircleOutlined />,
      value: (k?.equivalentHours ?? 0).toFixed(2),
      unit: 'h',
      hint: t('dashboard.kpi.hoursHint'),
    },
  ];
  return (
    // a CSS grid, not antd's Row/Col: same gutters and breakpoints, without generating the grid's styles (a long task on a phone)
    <div className="pv-kpi-grid">
      {items.map((item) => (
        <div key={item.key}>
          <Card variant="borderless" className="pv-kpi-card" data-testid={`kpi-${item.key}`}>
            <Statistic
              title={
                <Flex align="center" gap={8}>
                  <span className="pv-kpi-icon">{item.icon}</span>
                  {item.hint ? (
                    <Tooltip title={item.hint}>
                      <span className="pv-kpi-title">{item.title}</span>
                    </Tooltip>
                  ) : (
                    <span className="pv-kpi-title">{item.title}</span>
                  )}
                </Flex>
              }
              // a dash until the first answer: the card keeps its size (no layout shift)
              value={kpi ? item.value : '—'}
              suffix={kpi ? item.unit : undefined}
            />
            {item.extra}
          </Card>
        </div>
      ))}
    </div>
  );
});
