import { Empty, Flex, Select, Skeleton, Typography } from 'antd';
import { DataZoomInsideComponent, MarkLineComponent } from 'echarts/components';
import { use as registerECharts } from 'echarts/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartOption } from '@/components/chart';
import { SEVERITY_COLOR } from '@/components/fault-tags';
import { POINT_QUANTITIES, useFormat } from '@/lib/quantity';
import { wallClock, zoneAbbreviation } from '@/lib/time-zone';
import { useFaultData } from '@/features/fault/api/get-fault-data';

// the fault's opening and repair are drawn as vertical lines across the chart, zoomed as the
// device's history (point-chart)
registerECharts([MarkLineComponent, DataZoomInsideComponent]);

/** The points a fault's chart shows first, when the device has them: what tells an operator most. */
const PREFERRED = ['acPower', 'batteryPower', 'gridVoltage', 'pv1Voltage', 'temperature', 'batterySoc', 'rssi'];

const pointName = (t: (k: string, o?: Record<string, unknown>) => string, point: string) =>
  t(`device.points.${point}`, { defaultValue: point });

/**
 * One of the device's points from an hour before the fault to an hour after its repair (or now),
 * on the plant's clock, with the moments it opened and was repaired marked.
 */
export function FaultDataChart({
  faultId,
  code,
  openedAt,
  fixedAt,
  severity,
  timeZone,
}: {
  faultId: number;
  /** the fault's code, written at the line of its opening */
  code: string;
  openedAt: number;
  fixedAt: number | null;
  severity: string;
  /** the plant's zone (null: the user's) */
  timeZone: string | null;
}) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const [chosen, setChosen] = useState<string | undefined>();
  const first = useFaultData(faultId);
  const points = first.data?.points ?? [];
  const fallback =
    PREFERRED.find((p) => first.data?.series.some((s) => s.point === p && s.data.length)) ??
    first.data?.series.find((s) => s.data.length)?.point ??
    points[0];
  const point = chosen ?? fallback;
  // the first answer carries the default points; another point is asked for on its own
  const inFirst = first.data?.series.find((s) => s.point === point);
  const other = useFaultData(point && !inFirst ? faultId : null, point ? [point] : undefined);
  const data = inFirst ? first.data : other.data;
  const series = useMemo(
    () => (inFirst ?? other.data?.series.find((s) => s.point === point))?.data ?? [],
    [inFirst, other.data, point],
  );
  const zone = timeZone ?? 'UTC';
  const language = i18n.language;

  const option = useMemo<ChartOption | null>(() => {
    if (!data || !point) return null;
    const clock = wallClock(zone);
    const quantity = POINT_QUANTITIES[point];
    const axis = quantity
      ? f.axis(quantity, Math.max(0, ...series.map(([, v]) => Math.abs(v))))
      : { unit: '', tick: (v: number) => f.plain(v) };
    const marks = [
      { xAxis: clock.toWall(openedAt), name: code, color: SEVERITY_COLOR[severity as 'major'] },
      ...(fixedAt ? [{ xAxis: clock.toWall(fixedAt), name: t('fault.processingStates.fixed'), color: '#52c41a' }] : []),
    ];
    return {
      useUTC: true,
      grid: { left: 56, right: 40, top: 36, bottom: 28 },
      tooltip: { trigger: 'axis', valueFormatter: (v) => f.point(point, typeof v === 'number' ? v : String(v)) },
      xAxis: {
        type: 'time',
        min: clock.toWall(data.from),
        max: clock.toWall(data.to),
        name: zoneAbbreviation(clock.zone, data.to, language),
        nameGap: 8,
        axisLabel: { formatter: (v: number) => clock.format(v, 'HH:mm', language), hideOverlap: true },
        axisPointer: { label: { formatter: ({ value }) => clock.label(Number(value), undefined, language) } },
      },
      yAxis: { type: 'value', scale: true, name: axis.unit, axisLabel: { formatter: axis.tick } },
      dataZoom: [{ type: 'inside' }],
      series: [
        {
          type: 'line',
          name: pointName(t, point),
          data: series.map(([ts, v]) => [clock.toWall(ts), v]),
          showSymbol: series.length < 40,
          connectNulls: false,
          areaStyle: { opacity: 0.08 },
          markLine: {
            symbol: 'none',
            silent: true,
            data: marks.map((m) => ({
              xAxis: m.xAxis,
              label: { formatter: m.name, position: 'end', color: m.color, fontSize: 11 },
              lineStyle: { color: m.color, type: 'dashed', width: 1.5 },
            })),
          },
        },
      ],
    };
  }, [data, point, series, zone, f, t, code, openedAt, fixedAt, severity, language]);

  if (first.isLoading) return <Skeleton active paragraph={{ rows: 5 }} />;
  return (
    <div data-testid="fault-chart">
      {points.length > 1 && (
        <Flex align="center" gap={8} style={{ marginBottom: 8 }}>
          <Typography.Text type="secondary">{t('fault.detail.point')}</Typography.Text>
          <Select
            size="small"
            value={point}
            onChange={setChosen}
            style={{ minWidth: 180 }}
            options={points.map((p) => ({ value: p, label: pointName(t, p) }))}
            data-testid="fault-chart-point"
          />
        </Flex>
      )}
      {option && series.length ? (
        <Chart option={option} height={260} label={t('fault.detail.chart')} data-testid="fault-chart-canvas" />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('fault.detail.chartNoData')} />
      )}
    </div>
  );
}
