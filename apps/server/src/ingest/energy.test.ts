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
