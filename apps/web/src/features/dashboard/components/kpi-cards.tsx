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
import { Card, Flex, Statistic, Tooltip } from 'antd';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FAULT_LIST_PATH, faultListHref } from '@/lib/fault-links';
import { useFormat, type Quantity } from '@/lib/quantity';
import { useSession } from '@/stores/session';
import { Text } from '@/components/text';

interface Kpi {
  key: string;
  title: string;
  icon: ReactNode;
  value: string;
  unit?: string;
  hint?: string;
  extra?: ReactNode;
  /** Where the figure's list is (the faults of the window): the whole card opens it. */
  to?: string;
}

/**
 * The figures of the dashboard as cards: four per row on a desktop, two under 992 px, one on a phone.
 * Memoised: the page renders again (synchronously) when the query's answer arrives, the cards only
 * in the deferred render that brings the new figures, which React splits into short tasks.
 */
export const KpiCards = memo(function KpiCards({ kpi }: { kpi: DashboardKpi | undefined }) {
  const { t } = useTranslation();
  const f = useFormat();
  const k = kpi;
  /** value and unit apart: the unit is drawn as the statistic's suffix */
  const figure = (q: Quantity, v: number | undefined) => f.parts(q, v ?? 0) ?? { value: '0', unit: '' };
  const count = (n: number | undefined) => f.count(n ?? 0);
  const canListFaults = useSession((s) => !!s.info?.routerPaths.includes(FAULT_LIST_PATH));
  const items: Kpi[] = [
    {
      key: 'power',
      title: t('dashboard.kpi.power'),
      icon: <ThunderboltOutlined />,
      ...figure('power', k?.powerW),
    },
    {
      key: 'today',
      title: t('dashboard.kpi.today'),
      icon: <LineChartOutlined />,
      ...figure('energy', k?.energyToday),
      // a fleet spans several zones: "today" is each plant's own, said on the card
      hint: t('dashboard.kpi.todayHint'),
      extra: (
        <Text type="secondary" className="pv-kpi-extra" data-testid="kpi-today-local">
          {t('dashboard.kpi.todayLocal')}
        </Text>
      ),
    },
    {
      key: 'capacity',
      title: t('dashboard.kpi.capacity'),
      icon: <DashboardOutlined />,
      ...figure('capacity', (k?.capacityKwp ?? 0) * 1000),
    },
    { key: 'plants', title: t('dashboard.kpi.plants'), icon: <HomeOutlined />, value: count(k?.plants) },
    { key: 'month', title: t('dashboard.kpi.month'), icon: <CalendarOutlined />, ...figure('energy', k?.energyMonth) },
    { key: 'year', title: t('dashboard.kpi.year'), icon: <CalendarOutlined />, ...figure('energy', k?.energyYear) },
    { key: 'total', title: t('dashboard.kpi.total'), icon: <LineChartOutlined />, ...figure('energy', k?.energyTotal) },
    {
      key: 'co2',
      title: t('dashboard.kpi.co2'),
      icon: <CloudOutlined />,
      ...figure('co2', k?.co2Kg),
      hint: t('dashboard.kpi.co2Hint', { factor: CO2_KG_PER_KWH }),
    },
    {
      key: 'status',
      title: t('dashboard.kpi.status'),
      icon: <ApiOutlined />,
      value: count(k?.plantsOnline),
      unit: t('dashboard.kpi.online'),
      extra: (
        <Flex gap={12} wrap className="pv-kpi-extra">
          <Text type="secondary" data-testid="kpi-offline-plants">
            {t('dashboard.kpi.offline')} {count(k?.plantsOffline)}
          </Text>
          <Text type="danger" data-testid="kpi-fault-plants">
            {t('dashboard.kpi.fault')} {count(k?.plantsFault)}
          </Text>
        </Flex>
      ),
    },
    {
      key: 'devicesOffline',
      title: t('dashboard.kpi.devicesOffline', { days: DASHBOARD_OFFLINE_WINDOW_DAYS }),
      icon: <DisconnectOutlined />,
      value: count(k?.devicesOffline),
    },
    {
      key: 'faults',
      title: t('dashboard.kpi.faults', { days: DASHBOARD_FAULT_WINDOW_DAYS }),
      icon: <AlertOutlined />,
      value: count(k?.faults),
      to: canListFaults ? faultListHref({ days: DASHBOARD_FAULT_WINDOW_DAYS }) : undefined,
    },
    {
      key: 'hours',
      title: t('dashboard.kpi.hours'),
      icon: <ClockCircleOutlined />,
      ...figure('hours', k?.equivalentHours),
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
              // the text as the formatter wrote it (antd would group a plain number its own way)
              formatter={(v) => v}
              suffix={kpi ? item.unit : undefined}
            />
            {item.extra}
            {item.to && (
              // the whole card is the link (its figure and title stay as they are)
              <Link
                to={item.to}
                className="pv-kpi-link"
                aria-label={item.title}
                data-testid={`kpi-${item.key}-link`}
                style={{ position: 'absolute', inset: 0 }}
              />
            )}
          </Card>
        </div>
      ))}
    </div>
  );
});
