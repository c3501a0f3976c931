import { useMemo } from 'react';
import { Chart, type ChartOption } from '@/components/chart';
import { formatTime } from '@/lib/format';

/** One point's history as a line over the whole range asked for (whatever part has points), with wheel and drag zoom. */
export function PointChart({
  series,
  name,
  stepMs,
  span,
  height = 360,
}: {
  series: [number, number][];
  name: string;
  stepMs: number;
  span: { from: number; to: number };
  height?: number;
}) {
  const option = useMemo<ChartOption>(() => {
    const fmt = stepMs >= 3600_000 ? 'MM-DD HH:mm' : 'HH:mm';
    return {
      grid: { left: 56, right: 24, top: 24, bottom: 32 },
      tooltip: { trigger: 'axis', valueFormatter: (v) => (typeof v === 'number' ? v.toFixed(2) : String(v)) },
      xAxis: {
        type: 'time',
        min: span.from,
        max: span.to,
        axisLabel: { formatter: (v: number) => formatTime(v, fmt), hideOverlap: true },
      },
      yAxis: { type: 'value', scale: true },
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
  }, [series, name, stepMs, span.from, span.to]);
  return <Chart option={option} height={height} label={name} data-testid="point-chart" />;
}
