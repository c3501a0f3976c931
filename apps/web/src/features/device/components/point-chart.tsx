import { DataZoomInsideComponent } from 'echarts/components';
import { use as registerECharts } from 'echarts/core';
import { useMemo } from 'react';
import { Chart, type ChartOption } from '@/components/chart';
import { useTranslation } from 'react-i18next';
import { POINT_QUANTITIES, useFormat } from '@/lib/quantity';
import { wallClock, zoneAbbreviation } from '@/lib/time-zone';

// wheel and drag zoom on the time axis
registerECharts([DataZoomInsideComponent]);

/**
 * One point's history as a line over the whole range asked for (whatever part has points), with wheel
 * and drag zoom. A known `point` gets its unit on the axis and in the tooltip. Times are on the
 * device's plant clock (`timeZone`), named at the end of the time axis and in the tooltip.
 */
export function PointChart({
  series,
  name,
  point,
  stepMs,
  span,
  timeZone,
  height = 360,
}: {
  series: [number, number][];
  name: string;
  /** the telemetry point drawn (acPower, rssi, …) */
  point?: string;
  stepMs: number;
  span: { from: number; to: number };
  /** the zone of the device's plant (the user's for an unbound device) */
  timeZone: string;
  height?: number;
}) {
  const f = useFormat();
  const { i18n } = useTranslation();
  const language = i18n.language;
  const option = useMemo<ChartOption>(() => {
    const fmt = stepMs >= 3600_000 ? 'MM-DD HH:mm' : 'HH:mm';
    const clock = wallClock(timeZone);
    const quantity = point ? POINT_QUANTITIES[point] : undefined;
    // one unit for the axis, from the largest figure; the tooltip gives each figure its own
    const axis = quantity
      ? f.axis(quantity, Math.max(0, ...series.map(([, v]) => Math.abs(v))))
      : { unit: '', tick: (v: number) => f.plain(v) };
    return {
      useUTC: true,
      grid: { left: 56, right: 56, top: 32, bottom: 32 },
      tooltip: { trigger: 'axis', valueFormatter: (v) => f.point(point ?? '', typeof v === 'number' ? v : String(v)) },
      xAxis: {
        type: 'time',
        min: clock.toWall(span.from),
        max: clock.toWall(span.to),
        name: zoneAbbreviation(clock.zone, span.to, language),
        nameGap: 8,
        axisLabel: { formatter: (v: number) => clock.format(v, fmt, language), hideOverlap: true },
        axisPointer: { label: { formatter: ({ value }) => clock.label(Number(value), undefined, language) } },
      },
      yAxis: { type: 'value', scale: true, name: axis.unit, axisLabel: { formatter: axis.tick } },
      dataZoom: [{ type: 'inside' }],
      series: [
        {
          type: 'line',
          name,
          data: series.map(([ts, v]) => [clock.toWall(ts), v]),
          showSymbol: series.length < 60,
          smooth: false,
          connectNulls: false,
          areaStyle: { opacity: 0.08 },
        },
      ],
    };
  }, [series, name, point, stepMs, span.from, span.to, f, timeZone, language]);
  return <Chart option={option} height={height} label={name} data-testid="point-chart" />;
}
