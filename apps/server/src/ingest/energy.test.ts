import { describe, expect, it } from 'vitest';
import {
  counterDelta,
  counterOf,
  dailyEnergy,
  isCounterGlitch,
  localDay,
  rollUp,
  type CounterSample,
} from './energy.js';

const H = 3_600_000;
/** Hourly samples from `start` (ISO), the counter rising by `perHour` kWh each hour. */
function hourly(start: string, hours: number, perHour = 1, from = 100): CounterSample[] {
  const t0 = Date.parse(start);
  return Array.from({ length: hours + 1 }, (_, i) => ({ ts: t0 + i * H, energyTotal: from + i * perHour }));
}

describe('counter deltas', () => {
  it('never goes negative and never counts a reset counter twice', () => {
    expect(counterDelta({ ts: 0, energyTotal: 10 }, { ts: H, energyTotal: 12.5 })).toBe(2.5);
    // reset to zero then 0.4 kWh produced since: 0.4, not -9.6 and not 12.4
    expect(counterDelta({ ts: 0, energyTotal: 10 }, { ts: H, energyTotal: 0.4 })).toBe(0.4);
    expect(counterDelta({ ts: H, energyTotal: 10 }, { ts: H, energyTotal: 11 })).toBe(0);
  });

  it('takes a small step back for a glitch, not a reset: nothing added, the mark kept', () => {
    expect(isCounterGlitch({ ts: 0, energyTotal: 1000 }, { ts: H, energyTotal: 999.9 })).toBe(true);
    expect(isCounterGlitch({ ts: 0, energyTotal: 1000 }, { ts: H, energyTotal: 0.4 })).toBe(false);
    expect(isCounterGlitch({ ts: 0, energyTotal: 1000 }, { ts: H, energyTotal: 1000.5 })).toBe(false);
    expect(counterDelta({ ts: 0, energyTotal: 1000 }, { ts: H, energyTotal: 999.9 })).toBe(0);
    // 1000 → 999.9 → 1001 produced 1 kWh (from the mark), not 1001 (a "reset") nor 1.1
    const days = dailyEnergy(
      [
        { ts: Date.parse('2026-06-20T02:00:00Z'), energyTotal: 1000 },
        { ts: Date.parse('2026-06-20T03:00:00Z'), energyTotal: 999.9 },
        { ts: Date.parse('2026-06-20T04:00:00Z'), energyTotal: 1001 },
      ],
      { timeZone: 'Asia/Shanghai' },
    );
    expect(Object.fromEntries(days)).toEqual({ '2026-06-20': 1 });
  });

  it('reads energyToday when a device reports no lifetime counter', () => {
    expect(counterOf({ energyTotal: 12, energyToday: 3 })).toBe(12);
    expect(counterOf({ energyToday: 3 })).toBe(3);
    expect(counterOf({ acPower: 100 })).toBeUndefined();
    // a daily counter: 18:00 → 23:00 Shanghai it reads 20 → 21, resets at midnight, 0.2 → 2.2 the next morning
    const day = (iso: string, v: number) => ({ ts: Date.parse(iso), energyTotal: v });
    const days = dailyEnergy(
      [
        day('2026-06-20T10:00:00Z', 20),
        day('2026-06-20T15:00:00Z', 21),
        day('2026-06-20T23:00:00Z', 0.2),
        day('2026-06-21T01:00:00Z', 2.2),
      ],
      { timeZone: 'Asia/Shanghai' },
    );
    // the reset step (15:00Z → 23:00Z, 0.2 kWh) is split at local midnight (16:00Z): 1/8 to the 20th
    expect(Object.fromEntries(days)).toEqual({ '2026-06-20': 1.025, '2026-06-21': 2.175 });
  });

  it('caps a glitch at what the device could have produced', () => {
    // 5 kW for one hour is at most 5 kWh, whatever the counter claims
    expect(counterDelta({ ts: 0, energyTotal: 10 }, { ts: H, energyTotal: 9000 }, 5000)).toBe(5);
  });
});

describe('daily energy in the plant time zone', () => {
  it('splits at local midnight in Shanghai, not at UTC midnight', () => {
    // 2026-06-20 20:00 → 2026-06-21 04:00 Shanghai (12:00 → 20:00 UTC), 1 kWh per hour
    const days = dailyEnergy(hourly('2026-06-20T12:00:00Z', 8), { timeZone: 'Asia/Shanghai' });
    expect(Object.fromEntries(days)).toEqual({ '2026-06-20': 4, '2026-06-21': 4 });
  });

  it('gives a 23-hour day at the spring DST change and a 25-hour day in autumn (Berlin)', () => {
    // Berlin local midnight 2026-03-29 = 2026-03-28T23:00Z; the day ends at 2026-03-29T22:00Z (23 h)
    const spring = dailyEnergy(hourly('2026-03-28T23:00:00Z', 23), { timeZone: 'Europe/Berlin' });
    expect(spring.get('2026-03-29')).toBe(23);
    // 2026-10-25 starts at 2026-10-24T22:00Z and ends at 2026-10-25T23:00Z (25 h)
    const autumn = dailyEnergy(hourly('2026-10-24T22:00:00Z', 25), { timeZone: 'Europe/Berlin' });
    expect(autumn.get('2026-10-25')).toBe(25);
    expect(autumn.size).toBe(1);
  });

  it('shares an overnight gap between the two days by time', () => {
    // silent from 22:00 to 02:00 Shanghai, 4 kWh on the counter: 2 kWh to each day
    const samples = [
      { ts: Date.parse('2026-06-20T14:00:00Z'), energyTotal: 50 },
      { ts: Date.parse('2026-06-20T18:00:00Z'), energyTotal: 54 },
    ];
    expect(Object.fromEntries(dailyEnergy(samples, { timeZone: 'Asia/Shanghai' }))).toEqual({
      '2026-06-20': 2,
      '2026-06-21': 2,
    });
  });

  it('is idempotent for late and repeated samples', () => {
    const samples = hourly('2026-06-21T00:00:00Z', 10);
    const shuffled = [samples[5]!, ...samples, samples[3]!, samples[0]!].reverse();
    expect(dailyEnergy(shuffled)).toEqual(dailyEnergy(samples));
  });

  it('survives a counter reset mid-day (device replaced) without doubling', () => {
    const samples = [
      { ts: Date.parse('2026-06-21T01:00:00Z'), energyTotal: 1000 },
      { ts: Date.parse('2026-06-21T02:00:00Z'), energyTotal: 1003 },
      { ts: Date.parse('2026-06-21T03:00:00Z'), energyTotal: 2 }, // new unit: 2 kWh since it started
      { ts: Date.parse('2026-06-21T04:00:00Z'), energyTotal: 5 },
    ];
    expect(dailyEnergy(samples, { timeZone: 'Asia/Shanghai' }).get('2026-06-21')).toBe(8);
  });

  it('uses the default zone Asia/Shanghai and rolls up months, years and the total', () => {
    expect(localDay(Date.parse('2026-12-31T16:30:00Z'), 'Asia/Shanghai')).toBe('2027-01-01');
    const days = dailyEnergy(hourly('2026-12-31T12:00:00Z', 8));
    const { months, years, total } = rollUp(days);
    expect(Object.fromEntries(months)).toEqual({ '2026-12': 4, '2027-01': 4 });
    expect(Object.fromEntries(years)).toEqual({ '2026': 4, '2027': 4 });
    expect(total).toBe(8);
  });

  it('memoises the local day without changing it, DST and odd offsets included', async () => {
    const { localDay: exact } = await import('@pv/contract');
    for (const zone of [
      'Europe/Berlin',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'Pacific/Chatham',
      'America/St_Johns',
      'Asia/Shanghai',
    ]) {
      // every 7 minutes over 2026: minutes either side of each midnight and DST change
      for (let ts = Date.parse('2026-01-01T00:00:00Z'); ts < Date.parse('2027-01-01T00:00:00Z'); ts += 7 * 60_000) {
        if (localDay(ts, zone) !== exact(ts, zone))
          expect({ zone, ts, day: localDay(ts, zone) }).toEqual({ zone, ts, day: exact(ts, zone) });
      }
    }
  });
});

/**
 * The energy model of docs/energy-model.md, by hand: every figure below is worked out in the
 * comments, in Asia/Shanghai (UTC+8, no DST) unless said otherwise.
 */
describe('energy model (hand-computed)', () => {
  const tz = 'Asia/Shanghai';
  /** a sample at a Shanghai local time ('2026-06-20 18:00') */
  const at = (local: string, energyTotal: number, today?: number): CounterSample => ({
    ts: Date.parse(`${local.replace(' ', 'T')}:00+08:00`),
    energyTotal,
    ...(today !== undefined && { today }),
  });
  const days = (samples: CounterSample[]) => Object.fromEntries(dailyEnergy(samples, { timeZone: tz }));

  it('a counter reset: the energy before it, plus the new reading, plus what follows', () => {
    // 1000 → 1002 (+2), reset to 0.5 (0.5 made since the reset), → 2.5 (+2): 4.5 kWh
    expect(
      days([
        at('2026-06-20 10:00', 1000),
        at('2026-06-20 11:00', 1002),
        at('2026-06-20 12:00', 0.5),
        at('2026-06-20 13:00', 2.5),
      ]),
    ).toEqual({ '2026-06-20': 4.5 });
  });

  it('a gap over midnight: the new day gets what the device says it made since its midnight', () => {
    // silent from 18:00 to 09:00 the next day; the counter moved 500 → 504 and the device's own
    // daily counter reads 1.5 at 09:00: 1.5 kWh on the 21st, the other 2.5 on the 20th
    expect(days([at('2026-06-20 18:00', 500, 30), at('2026-06-21 09:00', 504, 1.5)])).toEqual({
      '2026-06-20': 2.5,
      '2026-06-21': 1.5,
    });
    // without a daily counter the 4 kWh go by time: 6 h before midnight, 9 h after (of 15 h)
    expect(days([at('2026-06-20 18:00', 500), at('2026-06-21 09:00', 504)])).toEqual({
      '2026-06-20': 1.6,
      '2026-06-21': 2.4,
    });
  });

  it('a gap over two midnights: the last day from the daily counter, the rest by time', () => {
    // 500 → 520 (20 kWh) from the 20th 18:00 to the 22nd 09:00, 2 kWh since the 22nd began; the
    // other 18 kWh over the 30 h before that midnight: 6 h on the 20th (3.6), 24 h on the 21st (14.4)
    expect(days([at('2026-06-20 18:00', 500, 30), at('2026-06-22 09:00', 520, 2)])).toEqual({
      '2026-06-20': 3.6,
      '2026-06-21': 14.4,
      '2026-06-22': 2,
    });
  });

  it('a daily counter larger than the step (a clock off by a little) gives the new day the step, no more', () => {
    expect(days([at('2026-06-20 23:50', 500, 30), at('2026-06-21 00:10', 500.2, 0.5)])).toEqual({
      '2026-06-21': 0.2,
    });
  });

  it('late data: a sample arriving after the ones around it changes no total, only which day has it', () => {
    const ordered = [at('2026-06-20 18:00', 500), at('2026-06-20 23:00', 502), at('2026-06-21 09:00', 504)];
    const withoutLate = days([ordered[0]!, ordered[2]!]);
    const withLate = days([ordered[2]!, ordered[0]!, ordered[1]!]);
    expect(withoutLate['2026-06-20']! + withoutLate['2026-06-21']!).toBeCloseTo(4, 9);
    // with the 23:00 reading the 20th has the 2 kWh up to 23:00 and a tenth of the last 2 (1 h of 10)
    expect(withLate).toEqual({ '2026-06-20': 2 + 2 / 10, '2026-06-21': 2 - 2 / 10 });
  });

  it('a replaced inverter: the old counter’s production stays with the plant, the new one counts from its first reading', () => {
    // the old unit made 1000 → 1012 on the 20th and 1012 → 1015 on the 21st before it was
    // replaced; the new unit (second hand, its counter at 7000) made 7000 → 7004 that afternoon.
    // The plant: 12 on the 20th, 3 + 4 = 7 on the 21st, 19 in total — never 7004 or 8015
    const old = [
      at('2026-06-20 06:00', 1000),
      at('2026-06-20 18:00', 1012),
      at('2026-06-21 06:00', 1012),
      at('2026-06-21 11:00', 1015),
    ];
    const replacement = [at('2026-06-21 13:00', 7000), at('2026-06-21 18:00', 7004)];
    const plant = new Map<string, number>();
    for (const unit of [old, replacement])
      for (const [day, kWh] of dailyEnergy(unit, { timeZone: tz })) plant.set(day, (plant.get(day) ?? 0) + kWh);
    expect(Object.fromEntries(plant)).toEqual({ '2026-06-20': 12, '2026-06-21': 7 });
    expect(rollUp(plant).total).toBe(19);
    // the same unit swapped under one SN: its counter restarts (below half the old reading), 1015 → 0.3 → 4
    expect(days([...old, at('2026-06-21 13:00', 0.3), at('2026-06-21 18:00', 4)])).toEqual({
      '2026-06-20': 12,
      '2026-06-21': 7,
    });
  });
});
