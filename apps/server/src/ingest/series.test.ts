import { describe, expect, it } from 'vitest';
import { dailyEnergy } from './energy.js';
import { DeviceSeries, seriesRows, type SeriesSample } from './series.js';

const TZ = 'Asia/Shanghai';
// 2026-03-10 00:00 in Shanghai (UTC+8)
const MIDNIGHT = Date.parse('2026-03-09T16:00:00Z');
const HOUR = 3_600_000;

describe('seriesRows', () => {
  it('counts each step for the local day it ends in and keeps the last counter reading', () => {
    const samples: SeriesSample[] = [
      { ts: MIDNIGHT - 3 * HOUR, points: { energyTotal: 100 } },
      { ts: MIDNIGHT - 2 * HOUR, points: { energyTotal: 101.5 } },
      { ts: MIDNIGHT + 10 * HOUR, points: { energyTotal: 101.5 } },
      { ts: MIDNIGHT + 11 * HOUR, points: { energyTotal: 104 } },
      { ts: MIDNIGHT + 12 * HOUR, points: { acPower: 10 } },
    ];
    const rows = seriesRows(samples, { timeZone: TZ });
    expect(rows.daily).toEqual([
      { day: '2026-03-09', energy_kwh: 1.5 },
      { day: '2026-03-10', energy_kwh: 2.5 },
    ]);
    expect(rows.counter).toEqual({ last_ts: MIDNIGHT + 11 * HOUR, last_total: 104 });
  });

  it('splits a step across local midnight as the pipeline does, and leaves out the days before fromDay', () => {
    const samples: SeriesSample[] = [
      { ts: MIDNIGHT - 40 * HOUR, points: { energyTotal: 9 } },
      { ts: MIDNIGHT - 20 * HOUR, points: { energyTotal: 10 } },
      { ts: MIDNIGHT - HOUR, points: { energyTotal: 12 } },
      { ts: MIDNIGHT + HOUR, points: { energyTotal: 14 } },
    ];
    const rows = seriesRows(samples, { timeZone: TZ, fromDay: '2026-03-09' });
    const [, , before, after] = samples.map((s) => ({ ts: s.ts, energyTotal: s.points.energyTotal as number }));
    const split = dailyEnergy([before!, after!], { timeZone: TZ });
    expect(split.get('2026-03-09')).toBeCloseTo(1, 6);
    // 03-08 08:00 → 03-09 04:00 puts 4/20 of its kWh on the 9th; the 8th itself is left out
    expect(rows.daily.map((d) => d.day)).toEqual(['2026-03-09', '2026-03-10']);
    expect(rows.daily[0]!.energy_kwh).toBeCloseTo(0.2 + 2 + split.get('2026-03-09')!, 6);
    expect(rows.daily[1]!.energy_kwh).toBe(split.get('2026-03-10'));
  });

  it('falls back on energyToday, and a counter that drops a little adds nothing (the mark stays)', () => {
    const rows = seriesRows(
      [
        { ts: MIDNIGHT + HOUR, points: { energyToday: 0 } },
        { ts: MIDNIGHT + 2 * HOUR, points: { energyToday: 3 } },
        { ts: MIDNIGHT + 3 * HOUR, points: { energyToday: 2 } },
      ],
      { timeZone: TZ },
    );
    expect(rows.daily).toEqual([{ day: '2026-03-10', energy_kwh: 3 }]);
    expect(rows.counter).toEqual({ last_ts: MIDNIGHT + 2 * HOUR, last_total: 3 });
  });

  it('counts a counter that drops below half its reading as reset, as the pipeline does', () => {
    const rows = seriesRows(
      [
        { ts: MIDNIGHT + HOUR, points: { energyTotal: 100 } },
        { ts: MIDNIGHT + 2 * HOUR, points: { energyTotal: 103 } },
        { ts: MIDNIGHT + 3 * HOUR, points: { energyTotal: 1 } },
      ],
      { timeZone: TZ },
    );
    // 3 kWh before the reset, 1 since: never -102, never 103 counted again
    expect(rows.daily).toEqual([{ day: '2026-03-10', energy_kwh: 4 }]);
    expect(rows.counter).toEqual({ last_ts: MIDNIGHT + 3 * HOUR, last_total: 1 });
  });

  it('averages the samples from rollupFrom on into 5-minute buckets, each point over the samples that carried it', () => {
    const t = MIDNIGHT + 10 * HOUR;
    const rows = seriesRows(
      [
        { ts: t - 60_000, points: { acPower: 999 } },
        { ts: t, points: { acPower: 100, gridVoltage: 230 } },
        { ts: t + 60_000, points: { acPower: 300 } },
        { ts: t + 300_000, points: { acPower: 50, status: 'ok' } },
      ],
      { timeZone: TZ, rollupFrom: t },
    );
    expect(rows.rollups).toEqual([
      { bucket: t, n: 2, points: JSON.stringify({ acPower: 200, gridVoltage: 230 }), point_n: '{"gridVoltage":1}' },
      { bucket: t + 300_000, n: 1, points: JSON.stringify({ acPower: 50 }), point_n: null },
    ]);
    expect(rows.daily).toEqual([]);
    expect(rows.counter).toBeUndefined();
  });

  it('gives the same rows fed one sample at a time (DeviceSeries)', () => {
    const samples: SeriesSample[] = Array.from({ length: 200 }, (_, i) => ({
      ts: MIDNIGHT - 20 * HOUR + i * 900_000,
      points: { energyTotal: 50 + Math.floor(i / 3) * 0.25, acPower: i % 7 },
    }));
    const options = { timeZone: 'Europe/Berlin', fromDay: '2026-03-09', rollupFrom: MIDNIGHT };
    const series = new DeviceSeries(options);
    for (const s of samples) series.add(s.ts, s.points);
    expect(series.rows()).toEqual(seriesRows(samples, options));
    expect(series.rows().daily.map((d) => d.day)).toEqual(['2026-03-09', '2026-03-10']);
  });
});
