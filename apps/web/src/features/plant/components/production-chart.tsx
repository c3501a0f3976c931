import type { ChartRange, PlantChart } from '@pv/contract';
import { Empty, Segmented, Spin } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartOption } from '@/components/chart';
import { dayLabel } from '@/lib/format';
import { wallClock, zoneAbbreviation } from '@/lib/time-zone';
import { useFormat, type Formatter } from '@/lib/quantity';
import { useLivePlants } from '@/lib/live';
import { isLiveRange, usePlantChart } from '@/features/plant/api/get-plant-chart';

/** Today's chart has a point per 5 minutes: read again on live events at most this often (ms). */
const CHART_THROTTLE_MS = 60_000;

/**
 * Power ranges put their whole span on the axis (today in the plant's calendar, or the last 24 h),
 * whatever part of it has points yet; energy ranges are one bar per plant-local day.
 */
function optionOf(
  chart: PlantChart,
  range: ChartRange,
  t: (k: string) => string,
  f: Formatter,
  now: number,
  language: string,
): ChartOption {
  const power = chart.kind === 'power';
  // one unit for the axis, from the largest figure; the tooltip gives each figure its own
  const axis = f.axis(power ? 'power' : 'energy', Math.max(0, ...chart.points.map((p) => Number(p[1]))));
  const dayStart = dayjs(now).tz(chart.timeZone).startOf('day');
  const span =
    range === 'realtime'
      ? { min: dayStart.valueOf(), max: dayStart.add(1, 'day').valueOf() }
      : { min: now - 86_400_000, max: now };
  // drawn on the plant's clock: ticks on its hours, its zone named at the end of the axis
  const clock = wallClock(chart.timeZone);
  return {
    useUTC: true,
    grid: { left: 56, right: power ? 56 : 16, top: 32, bottom: 32 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v) => (power ? f.power(Number(v)) : f.energy(Number(v))),
    },
    xAxis: power
      ? {
          type: 'time',
          min: clock.toWall(span.min),
          max: clock.toWall(span.max),
          splitNumber: 6,
          name: zoneAbbreviation(chart.timeZone, now, language),
          nameGap: 8,
          axisLabel: { formatter: (v: number) => clock.format(v, 'HH:mm', language), hideOverlap: true },
          axisPointer: {
            label: { formatter: ({ value }) => clock.label(Number(value), 'YYYY-MM-DD HH:mm', language) },
          },
        }
      : { type: 'category', data: chart.points.map((p) => dayLabel(String(p[0]), language)) },
    yAxis: {
      type: 'value',
      name: axis.unit,
      axisLabel: { formatter: axis.tick },
    },
    series: power
      ? [
          {
            name: t('plant.power'),
            type: 'line',
            showSymbol: chart.points.length < 3,
            smooth: true,
            areaStyle: { opacity: 0.15 },
            data: (chart.points as [number, number][]).map(([ts, w]) => [clock.toWall(ts), w]),
          },
        ]
      : [{ name: t('plant.energy'), type: 'bar', barMaxWidth: 24, data: chart.points.map((p) => Number(p[1])) }],
  };
}

/** Production of the plant over the history ranges of spec §9, read from rollups by the server. */
export function ProductionChart({ plantId }: { plantId: number }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const [range, setRange] = useState<ChartRange>('realtime');
  const { data, isLoading } = usePlantChart(plantId, range);
  useLivePlants([plantId], ['plants', 'chart', plantId, range], {
    throttleMs: CHART_THROTTLE_MS,
    enabled: isLiveRange(range),
  });
  const option = useMemo(
    () => (data ? optionOf(data, range, t, f, Date.now(), i18n.language) : undefined),
    [data, range, t, f, i18n.language],
  );

  // no points at all, or points of nothing produced (a night, a plant off the grid): each said as it is
  const empty = !data
    ? undefined
    : !data.points.length
      ? 'noData'
      : data.points.every((p) => p[1] === 0)
        ? 'noProduction'
        : undefined;
  return (
    <div>
      <Segmented<ChartRange>
        value={range}
        onChange={setRange}
        data-testid="plant-chart-range"
        options={[
          { value: 'realtime', label: t('plant.range.realtime') },
          { value: '1', label: t('plant.range.1') },
          { value: '7', label: t('plant.range.7') },
          { value: '15', label: t('plant.range.15') },
          { value: '30', label: t('plant.range.30') },
        ]}
      />
      <Spin spinning={isLoading}>
        <div style={{ position: 'relative' }}>
          {option ? (
            <Chart option={option} height={300} label={t('plant.production')} data-testid="plant-chart" />
          ) : (
            <div style={{ height: 300 }} data-testid="plant-chart" />
          )}
          {empty && (
            <Empty
              style={{ position: 'absolute', inset: 0, margin: 'auto', height: 100 }}
              description={t(`plant.${empty}`)}
            />
          )}
        </div>
      </Spin>
    </div>
  );
}
