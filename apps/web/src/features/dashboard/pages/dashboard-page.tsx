import { Badge, Flex, Space, Tooltip } from 'antd';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { formatZonedTime, useSettledUserTimeZone, zoneAbbreviation, zoneFullName } from '@/lib/time-zone';
import { useLiveInvalidate } from '@/lib/live';
import { useDashboard } from '@/features/dashboard/api/get-dashboard';
import { DashboardCharts } from '@/features/dashboard/components/dashboard-charts';
import { KpiCards } from '@/features/dashboard/components/kpi-cards';
import { RevenueCards } from '@/features/dashboard/components/revenue-cards';
import { dashboardKey } from '@/api/query-keys';
import { Text, Title } from '@/components/text';

// Read as the page's code loads, in a task of its own: the first DateTimeFormat of a page loads the
// time zone data (slow on a phone), which would otherwise lengthen the page's first render.
Intl.DateTimeFormat().resolvedOptions();

/** /dashboard, the home of ROOT users: KPIs and charts of the data scope, refreshed live by server-sent events. */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  // The user's zone (the user-center setting, else the browser's) is the calendar of "today",
  // "this month" and "this year" and the clock of the charts; the page says which.
  const { zone: tz, settled } = useSettledUserTimeZone();
  // Each answer renders in a transition, which React splits into short tasks; as it comes from
  // react-query's store it would otherwise render in one synchronous task (hundreds of ms on a phone).
  const data = useDeferredValue(useDashboard(tz, settled).data);
  const showCharts = useDeferredValue(true, false);
  // the refresh's figures of the caller's organisations (a stats event may name only granted plants)
  useLiveInvalidate(dashboardKey, { accept: (e) => e.type === 'stats' && e.orgIds.length > 0 });

  return (
    <Flex vertical gap={16} className="pv-dashboard" data-testid="dashboard">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Title level={4} className="pv-page-title" style={{ margin: 0 }}>
          {t('dashboard.title')}
        </Title>
        <Space size={12} wrap>
          <Tooltip title={t('dashboard.liveHint')}>
            <Badge status="processing" text={t('dashboard.live')} />
          </Tooltip>
          {/* always there, at its width: the row wraps the same before and after the first answer */}
          <Text type="secondary" title={zoneFullName(tz, Date.now(), i18n.language)} data-testid="dashboard-zone">
            {t('time.fleetZone', { zone: `${zoneAbbreviation(tz, Date.now(), i18n.language)} · ${tz}` })}
          </Text>
          <Text type="secondary" data-testid="dashboard-updated" className="pv-dashboard-updated">
            {data?.kpi.updatedAt
              ? t('dashboard.updatedAt', { time: formatZonedTime(data.kpi.updatedAt, tz, 'HH:mm:ss', i18n.language) })
              : '\u00a0'}
          </Text>
        </Space>
      </Flex>
      <KpiCards kpi={data?.kpi} />
      <RevenueCards />
      {/* the chart cards in a render of their own, after the figures (a shorter first task) */}
      {showCharts && <DashboardCharts data={data} tz={tz} />}
    </Flex>
  );
}
