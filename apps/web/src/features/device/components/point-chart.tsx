import { useMemo } from 'react';
import { Chart, type ChartOption } from '@/components/chart';
import { formatTime } from '@/lib/format';
import { POINT_QUANTITIES, useFormat } from '@/lib/quantity';

/**
 * One point's history as a line over the whole range asked for (whatever part has points), with wheel
 * and drag zoom. A known `point` gets its unit on the axis and in the tooltip.
 */
export function PointChart({
  series,
  name,
  point,
  stepMs,
  span,
  height = 360,
}: {
  series: [number, number][];
  name: string;
  /** the telemetry point drawn (acPower, rssi, …) */
  point?: string;
  stepMs: number;
  span: { from: number; to: number };
  height?: number;
}) {
  const f = useFormat();
  const option = useMemo<ChartOption>(() => {
    const fmt = stepMs >= 3600_000 ? 'MM-DD HH:mm' : 'HH:mm';
    const quantity = point ? POINT_QUANTITIES[point] : undefined;
    // one unit for the axis, from the largest figure; the tooltip gives each figure its own
    const axis = quantity
      ? f.axis(quantity, Math.max(0, ...series.map(([, v]) => Math.abs(v))))
      : { unit: '', tick: (v: number) => f.plain(v) };
    return {
      grid: { left: 56, right: 24, top: 32, bottom: 32 },
      tooltip: { trigger: 'axis', valueFormatter: (v) => f.point(point ?? '', typeof v === 'number' ? v : String(v)) },
      xAxis: {
        type: 'time',
        min: span.from,
        max: span.to,
        axisLabel: { formatter: (v: number) => formatTime(v, fmt), hideOverlap: true },
      },
      yAxis: { type: 'value', scale: true, name: axis.unit, axisLabel: { formatter: axis.tick } },
      dataZoom: [{ type: 'inside' }],
      series: [
        {
          type: 'line',
          name,
          data: series,
          showSymbol: series.length < 60,
          smooth: false,
          connectNulls: false,
          areaStyle: { opacity: 0.08 },
        },
      ],
    };
  }, [series, name, point, stepMs, span.from, span.to, f]);
  return <Chart option={option} height={height} label={name} data-testid="point-chart" />;
}
