import type { DashboardData } from '@pv/contract';
import { Card, Empty, theme } from 'antd';
import { Text } from '@/components/text';
import dayjs from 'dayjs';
import { lazy, memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartOption } from '@/components/chart';
import { formatTime } from '@/lib/format';
import { NearScreen } from '@/components/near-screen';
import { useFormat } from '@/lib/quantity';
import { formatZonedTime, zoneAbbreviation } from '@/lib/time-zone';

// ECharts loads once a chart card comes near the screen (its own chunk, evaluated in its own task):
// on a phone the KPI cards fill the first screen, and the charts cost nothing until scrolled to.
const Chart = lazy(() => import('@/components/chart'));

const grid = { left: 8, right: 16, top: 24, bottom: 8, containLabel: true };
/** The power chart names its zone at the end of its time axis: room for "UTC+5:30". */
const powerGrid = { ...grid, right: 56 };
const HEIGHT = 280;
/** The series of the power curve's bucket still filling. */
const FILLING = 'filling';

function ChartCard({
  title,
  empty,
  children,
  testId,
  note,
}: {
  title: string;
  empty: boolean;
  children: React.ReactNode;
  testId: string;
  /** a short word beside the title (what the bars are) */
  note?: string;
}) {
  const { t } = useTranslation();
  // the body is there (at its height) before the chart: nothing moves when it is drawn
  return (
    <Card
      variant="borderless"
      title={title}
      extra={
        note ? (
          <Text type="secondary" style={{ fontSize: 12 }} data-testid={`note-${testId}`}>
            {note}
          </Text>
        ) : undefined
      }
      className="pv-chart-card"
      data-testid={testId}
      styles={{ body: { height: HEIGHT + 24 } }}
    >
      {empty ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('dashboard.noData')}
          style={{ margin: 0, paddingTop: 80 }}
        />
      ) : (
        <NearScreen placeholder={null}>{children}</NearScreen>
      )}
    </Card>
  );
}

/** Today's power curve, production per day of the month and per month of the year, top plants by specific yield (memoised as KpiCards). */
export const DashboardCharts = memo(function DashboardCharts({
  data,
  tz,
}: {
  data: DashboardData | undefined;
  tz: string;
}) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const { token } = theme.useToken();
  const language = i18n.language;
  // one unit per axis, from the largest figure; the tooltips give each figure its own unit
  const powerAxis = useMemo(
    () => f.axis('power', Math.max(0, ...(data?.power ?? []).map(([, w]) => w))),
    [data?.power, f],
  );
  const dailyAxis = useMemo(
    () => f.axis('energy', Math.max(0, ...(data?.daily ?? []).map(([, v]) => v))),
    [data?.daily, f],
  );
  const monthlyAxis = useMemo(
    () => f.axis('energy', Math.max(0, ...(data?.monthly ?? []).map(([, v]) => v))),
    [data?.monthly, f],
  );

  const power = useMemo<ChartOption>(() => {
    // the whole of today on the axis, whatever part of it has points yet
    const start = dayjs().tz(tz).startOf('day');
    const points = data?.power ?? [];
    // The last bucket, while it fills, averages only the snapshots taken so far: it is drawn apart,
    // dashed and lighter, from the last whole bucket, so the curve does not seem to dip at the live edge.
    const filling = data?.powerFilling ?? null;
    const partial = filling !== null && points.length > 0 && points[points.length - 1]![0] === filling;
    const whole = partial ? points.slice(0, -1) : points;
    const edge = partial ? points.slice(-2) : [];
    return {
      grid: powerGrid,
      tooltip: {
        trigger: 'axis',
        formatter: (params) => {
          const list = Array.isArray(params) ? params : [params];
          // where the dashed edge meets the curve, the point is the curve's
          const shown = list.filter((p) => !(p.seriesId === FILLING && p.dataIndex === 0 && edge.length > 1));
          const head = shown[0] && 'axisValueLabel' in shown[0] ? String(shown[0].axisValueLabel) : '';
          const rows = shown.map(
            (p) =>
              `<div>${String(p.marker ?? '')}${String(p.seriesName ?? '')}` +
              `<b style="float:right;margin-left:16px">${f.power(Number((p.value as [number, number])[1]))}</b></div>`,
          );
          return [head, ...rows].join('');
        },
      },
      xAxis: {
        type: 'time',
        min: start.valueOf(),
        max: start.add(1, 'day').valueOf(),
        splitNumber: 6,
        // the zone named at the end of the axis and in the tooltip: a fleet spans several zones
        name: zoneAbbreviation(tz, start.valueOf(), language),
        nameGap: 8,
        axisLabel: { formatter: (v: number) => formatTime(v, 'HH:mm', tz), hideOverlap: true },
        axisPointer: { label: { formatter: ({ value }) => formatZonedTime(Number(value), tz, 'HH:mm', language) } },
      },
      yAxis: { type: 'value', name: powerAxis.unit, axisLabel: { formatter: powerAxis.tick } },
      series: [
        {
          type: 'line',
          id: 'power',
          name: t('dashboard.chart.power'),
          data: whole,
          showSymbol: whole.length < 3,
          smooth: true,
          areaStyle: { opacity: 0.15 },
        },
        ...(partial
          ? [
              {
                type: 'line' as const,
                id: FILLING,
                name: t('dashboard.chart.powerFilling'),
                data: edge,
                color: token.colorPrimary,
                showSymbol: true,
                symbol: 'emptyCircle',
                lineStyle: { type: 'dashed' as const, opacity: 0.6 },
                itemStyle: { opacity: 0.6 },
                areaStyle: { opacity: 0.06 },
              },
            ]
          : []),
      ],
    };
  }, [data?.power, data?.powerFilling, tz, t, f, powerAxis, language, token.colorPrimary]);

  const daily = useMemo<ChartOption>(
    () => ({
      grid,
      tooltip: { trigger: 'axis', valueFormatter: (v) => f.energy(Number(v)) },
      // each plant's local day, aligned on its today: the latest bar is "today", as the figure above
      xAxis: {
        type: 'category',
        data: (data?.daily ?? []).map(([d], i, all) =>
          i === all.length - 1 ? t('dashboard.chart.today') : String(Number(d.slice(8, 10))),
        ),
      },
      yAxis: { type: 'value', axisLabel: { formatter: dailyAxis.tick } },
      series: [
        { type: 'bar', name: t('dashboard.chart.daily'), data: (data?.daily ?? []).map(([, v]) => v), barMaxWidth: 18 },
      ],
    }),
    [data?.daily, t, f, dailyAxis],
  );

  const monthly = useMemo<ChartOption>(
    () => ({
      grid,
      tooltip: { trigger: 'axis', valueFormatter: (v) => f.energy(Number(v)) },
      xAxis: {
        type: 'category',
        data: (data?.monthly ?? []).map(([m]) => t(`dashboard.month.${Number(m.slice(5, 7))}`)),
      },
      yAxis: { type: 'value', axisLabel: { formatter: monthlyAxis.tick } },
      series: [
        {
          type: 'bar',
          name: t('dashboard.chart.monthly'),
          data: (data?.monthly ?? []).map(([, v]) => v),
          barMaxWidth: 28,
        },
      ],
    }),
    [data?.monthly, t, f, monthlyAxis],
  );

  const top = useMemo<ChartOption>(() => {
    const rows = [...(data?.top ?? [])].reverse();
    // kWh/kWp with three significant digits, the unit being in the card's title: 123, 5.67, 0.0123
    const yieldText = (v: unknown) => f.parts('specificYield', Number(v))?.value ?? '—';
    return {
      grid: { ...grid, right: 48 },
      tooltip: { trigger: 'axis', valueFormatter: (v) => f.quantity('specificYield', Number(v)) },
      xAxis: { type: 'value', axisLabel: { formatter: (v: number) => f.plain(v) } },
      yAxis: { type: 'category', data: rows.map((p) => p.name), axisLabel: { width: 110, overflow: 'truncate' } },
      series: [
        {
          type: 'bar',
          name: t('dashboard.chart.top'),
          data: rows.map((p) => p.yieldKwhPerKwp),
          barMaxWidth: 16,
          label: { show: true, position: 'right', formatter: ({ value }) => yieldText(value) },
        },
      ],
    };
  }, [data?.top, t, f]);

  return (
    // a CSS grid, not antd's Row/Col (see KpiCards)
    <div className="pv-chart-grid">
      <div>
        <ChartCard title={t('dashboard.chart.power')} empty={!!data && !data.power.length} testId="chart-power">
          <Chart option={power} height={HEIGHT} label={t('dashboard.chart.power')} />
        </ChartCard>
      </div>
      <div>
        <ChartCard
          title={`${t('dashboard.chart.daily')} (${dailyAxis.unit})`}
          note={t('dashboard.chart.localDays')}
          empty={false}
          testId="chart-daily"
        >
          <Chart option={daily} height={HEIGHT} label={t('dashboard.chart.daily')} />
        </ChartCard>
      </div>
      <div>
        <ChartCard title={`${t('dashboard.chart.monthly')} (${monthlyAxis.unit})`} empty={false} testId="chart-monthly">
          <Chart option={monthly} height={HEIGHT} label={t('dashboard.chart.monthly')} />
        </ChartCard>
      </div>
      <div>
        <ChartCard
          title={`${t('dashboard.chart.top')} (${t('dashboard.unit.yield')})`}
          empty={!!data && !data.top.length}
          testId="chart-top"
        >
          <Chart option={top} height={HEIGHT} label={t('dashboard.chart.top')} />
        </ChartCard>
      </div>
    </div>
  );
});
