import type { DashboardData, Language } from '@pv/contract';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartOption } from '@/components/chart';
import i18n, { initI18n, loadLanguage } from '@/lib/i18n';
import { DashboardCharts } from './dashboard-charts';
import { FakeIntersectionObserver, reach } from '@/test-intersection';

initI18n('en');

// A test DOM has no canvas, so ECharts draws nothing: the chart component is replaced by one that
// keeps the option each chart was given (the figures, axes and labels the user would see).
const drawn = vi.hoisted(() => new Map<string, ChartOption>());
vi.mock('@/components/chart', () => ({
  default: ({ option, label }: { option: ChartOption; label: string }) => {
    drawn.set(label, option);
    return <div role="img" aria-label={label} />;
  },
}));

type Series = { data: unknown[]; label?: { formatter: (p: { value: number }) => string } };
type Axis = { data?: string[]; min?: number; max?: number };
const seriesOf = (label: string) => (drawn.get(label)!.series as Series[])[0]!;
const axisOf = (label: string, axis: 'xAxis' | 'yAxis') => drawn.get(label)![axis] as Axis;

const TZ = 'Asia/Shanghai';
const data: DashboardData = {
  kpi: {
    plants: 3,
    capacityKwp: 40,
    powerW: 0,
    energyToday: 0,
    energyMonth: 0,
    energyYear: 0,
    energyTotal: 0,
    plantsOnline: 0,
    plantsOffline: 0,
    plantsFault: 0,
    devicesOffline: 0,
    faults: 0,
    co2Kg: 0,
    equivalentHours: 0,
    updatedAt: null,
  },
  power: [
    [Date.UTC(2026, 10, 23, 1, 0), 1200],
    [Date.UTC(2026, 10, 23, 1, 5), 1500.5],
  ],
  daily: [
    ['2026-11-01', 10],
    ['2026-11-02', 12.5],
  ],
  monthly: [
    ['2026-01', 300],
    ['2026-11', 900],
  ],
  top: [
    { id: 1, name: 'Sun roof', capacityKwp: 10, energyKwh: 1234, yieldKwhPerKwp: 123.4 },
    { id: 2, name: 'Green barn', capacityKwp: 5, energyKwh: 28, yieldKwhPerKwp: 5.67 },
    { id: 3, name: 'Delta field', capacityKwp: 20, energyKwh: 0.246, yieldKwhPerKwp: 0.0123 },
  ],
};

const ALL = ['chart-power', 'chart-daily', 'chart-monthly', 'chart-top'];

describe('dashboard charts', () => {
  beforeEach(() => vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver));
  afterEach(() => {
    cleanup();
    drawn.clear();
    vi.unstubAllGlobals();
  });

  it('sets a chart up only when its card comes near the screen (a phone shows the figures first)', async () => {
    render(<DashboardCharts data={data} tz={TZ} />);
    expect(screen.getAllByTestId(/^chart-/)).toHaveLength(4);
    expect(within(screen.getByTestId('chart-power')).getByText("Today's power")).toBeTruthy();
    expect(screen.queryAllByRole('img')).toHaveLength(0);
    expect(drawn.size).toBe(0);
    // the cards have their bodies (their height) already: nothing moves when the charts come
    for (const id of ALL) expect(screen.getByTestId(id).querySelector('.ant-card-body')).not.toBeNull();

    reach('chart-power', 'chart-daily');
    expect(await screen.findByRole('img', { name: "Today's power" })).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Production per day this month' })).toBeTruthy();
    // the two cards not reached are still not set up, now that the two reached ones are drawn
    expect(screen.queryByRole('img', { name: 'Production per month this year' })).toBeNull();
    expect([...drawn.keys()].sort()).toEqual(['Production per day this month', "Today's power"]);

    reach('chart-monthly', 'chart-top');
    expect(await screen.findByRole('img', { name: 'Top plants by specific yield this month' })).toBeTruthy();
    expect(screen.getAllByRole('img')).toHaveLength(4);
  });

  it('draws the four charts from the answer: today in the time zone, days, months, plants best first', async () => {
    render(<DashboardCharts data={data} tz={TZ} />);
    reach(...ALL);
    expect(await screen.findByRole('img', { name: "Today's power" })).toBeTruthy();
    for (const name of [
      'Production per day this month',
      'Production per month this year',
      'Top plants by specific yield this month',
    ])
      expect(await screen.findByRole('img', { name })).toBeTruthy();
    expect(screen.queryByText('No data yet')).toBeNull();

    expect(seriesOf("Today's power").data).toEqual(data.power);
    const today = dayjs().tz(TZ).startOf('day');
    expect(axisOf("Today's power", 'xAxis')).toMatchObject({
      min: today.valueOf(),
      max: today.add(1, 'day').valueOf(),
    });

    // the latest bar is today: each plant's local today, the sum the "production today" figure shows
    expect(axisOf('Production per day this month', 'xAxis').data).toEqual(['1', 'Today']);
    expect(seriesOf('Production per day this month').data).toEqual([10, 12.5]);
    expect(axisOf('Production per month this year', 'xAxis').data).toEqual(['Jan', 'Nov']);
    expect(seriesOf('Production per month this year').data).toEqual([300, 900]);

    // a horizontal bar chart lists from the bottom: the best plant is drawn last, on top
    const top = 'Top plants by specific yield this month';
    expect(axisOf(top, 'yAxis').data).toEqual(['Delta field', 'Green barn', 'Sun roof']);
    expect(seriesOf(top).data).toEqual([0.0123, 5.67, 123.4]);
    expect([123.4, 5.67, 0.0123].map((value) => seriesOf(top).label!.formatter({ value }))).toEqual([
      '123',
      '5.67',
      '0.0123',
    ]);
    // the card titles carry the units
    expect(within(screen.getByTestId('chart-daily')).getByText('Production per day this month (kWh)')).toBeTruthy();
    expect(
      within(screen.getByTestId('chart-top')).getByText('Top plants by specific yield this month (kWh/kWp)'),
    ).toBeTruthy();
  });

  it('says "No data yet" instead of an empty power curve and ranking when the answer has none', async () => {
    render(
      <DashboardCharts
        data={{ ...data, power: [], top: [], daily: [['2026-11-01', 0]], monthly: [['2026-11', 0]] }}
        tz={TZ}
      />,
    );
    reach(...ALL);
    expect(within(screen.getByTestId('chart-power')).getByText('No data yet')).toBeTruthy();
    expect(within(screen.getByTestId('chart-top')).getByText('No data yet')).toBeTruthy();
    // the days and months of the calendar are there, at zero
    expect(await within(screen.getByTestId('chart-daily')).findByRole('img')).toBeTruthy();
    expect(seriesOf('Production per day this month').data).toEqual([0]);
    expect(drawn.has("Today's power")).toBe(false);
    expect(drawn.has('Top plants by specific yield this month')).toBe(false);
  });

  it('draws the bucket still filling apart, dashed, from the last whole one: the live edge does not dip', async () => {
    const points: [number, number][] = [
      [Date.UTC(2026, 10, 23, 1, 0), 30_000],
      [Date.UTC(2026, 10, 23, 1, 5), 31_000],
      // two snapshots of five so far: the live edge the curve once dipped to
      [Date.UTC(2026, 10, 23, 1, 10), 12_000],
    ];
    render(<DashboardCharts data={{ ...data, power: points, powerFilling: points[2]![0] }} tz={TZ} />);
    reach('chart-power');
    await screen.findByRole('img', { name: "Today's power" });
    type Line = Series & { id: string; name: string; lineStyle?: { type?: string }; areaStyle?: unknown };
    const [curve, edge, more] = drawn.get("Today's power")!.series as Line[];
    expect(more).toBeUndefined();
    expect(curve!.data).toEqual(points.slice(0, 2));
    expect(edge!.id).toBe('filling');
    expect(edge!.data).toEqual(points.slice(1));
    expect(edge!.lineStyle?.type).toBe('dashed');
    expect(edge!.name).toBe('Current interval, so far');
    // the tooltip where the two meet shows the curve's figure once; at the edge, the partial one
    const tooltip = drawn.get("Today's power")!.tooltip as { formatter: (p: unknown) => string };
    const at = (dataIndex: number, series: Line, i: number) => ({
      seriesId: series.id,
      seriesName: series.name,
      dataIndex,
      value: series.data[dataIndex],
      marker: '',
      axisValueLabel: `label ${i}`,
    });
    const joint = tooltip.formatter([at(1, curve!, 1), at(0, edge!, 1)]);
    expect(joint.split('31.0 kW')).toHaveLength(2);
    expect(joint).not.toContain('so far');
    const live = tooltip.formatter([at(1, edge!, 2)]);
    expect(live).toContain('Current interval, so far');
    expect(live).toContain('12.0 kW');
    cleanup();
    drawn.clear();

    // once whole (or when the answer marks none), the curve is one line again
    for (const powerFilling of [null, points[1]![0]]) {
      render(<DashboardCharts data={{ ...data, power: points, powerFilling }} tz={TZ} />);
      reach('chart-power');
      await screen.findByRole('img', { name: "Today's power" });
      const series = drawn.get("Today's power")!.series as Line[];
      expect(series).toHaveLength(1);
      expect(series[0]!.data).toEqual(points);
      cleanup();
      drawn.clear();
    }
  });

  it('shows no "No data" while the first answer is on its way', () => {
    render(<DashboardCharts data={undefined} tz={TZ} />);
    expect(screen.queryByText('No data yet')).toBeNull();
    expect(screen.getAllByTestId(/^chart-/)).toHaveLength(4);
  });

  it("names the day chart's days as each plant's local day, its latest bar today, in every language", async () => {
    const words = {
      en: ["Each plant's local day", 'Today'],
      zh: ['按各电站当地日期', '今日'],
      es: ['Día local de cada planta', 'Hoy'],
      ja: ['各発電所の現地日付', '本日'],
    };
    for (const [lang, [note, today]] of Object.entries(words)) {
      await loadLanguage(lang as Language);
      await act(() => i18n.changeLanguage(lang));
      render(<DashboardCharts data={data} tz={TZ} />);
      expect(screen.getByTestId('note-chart-daily').textContent).toBe(note);
      reach('chart-daily');
      const label = (await screen.findByRole('img', { name: /./ })).getAttribute('aria-label')!;
      expect(axisOf(label, 'xAxis').data).toEqual(['1', today]);
      cleanup();
      drawn.clear();
    }
    await act(() => i18n.changeLanguage('en'));
  });
});
