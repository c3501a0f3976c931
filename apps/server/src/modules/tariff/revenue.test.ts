import type { TariffPeriod } from '@pv/contract';
import { describe, expect, it } from 'vitest';
import { clearSkyDay, dayStart, localTime, revenueOf, type BucketEnergy, type PriceVersion } from './revenue.js';

const P = (name: string, from: string, to: string, price: string, extra: Partial<TariffPeriod> = {}): TariffPeriod => ({
  name,
  from,
  to,
  price,
  days: 'all',
  months: [],
  ...extra,
});
const always = (...periods: TariffPeriod[]): PriceVersion[] => [{ validFrom: '2000-01-01', validTo: null, periods }];
const MIN = 60_000;
/** `kwh` in every 5-minute bucket of [from, to) */
const buckets = (from: string, to: string, kwh = 1): BucketEnergy[] => {
  const out: BucketEnergy[] = [];
  for (let t = Date.parse(from); t < Date.parse(to); t += 5 * MIN) out.push({ ts: t, kwh });
  return out;
};
const day = (r: ReturnType<typeof revenueOf>, d: string) => Object.fromEntries(r.get(d) ?? new Map());

const peakOffPeak = always(P('peak', '08:00', '20:00', '0.30'), P('offPeak', '20:00', '08:00', '0.10'));

describe('revenue per time-of-use period (hand-computed)', () => {
  it('a morning crossing from off-peak into peak (UTC): 12 kWh at 0.10 and 12 kWh at 0.30', () => {
    const r = revenueOf(buckets('2026-06-01T07:00:00Z', '2026-06-01T09:00:00Z'), 'UTC', peakOffPeak, 'EUR');
    // 12 buckets of 1 kWh before 08:00 → 1.20 EUR; 12 after → 3.60 EUR
    expect(day(r, '2026-06-01')).toEqual({ offPeak: { kwh: 12, amount: 120 }, peak: { kwh: 12, amount: 360 } });
  });

  it('splits a bucket at a border inside it (07:32): 2 of its 5 minutes before, 3 after', () => {
    const r = revenueOf(
      [{ ts: Date.parse('2026-06-01T07:30:00Z'), kwh: 5 }],
      'UTC',
      always(P('peak', '07:32', '19:00', '1.00'), P('offPeak', '19:00', '07:32', '0.50')),
      'EUR',
    );
    // 2 kWh × 0.50 = 1.00 EUR; 3 kWh × 1.00 = 3.00 EUR
    expect(day(r, '2026-06-01')).toEqual({ offPeak: { kwh: 2, amount: 100 }, peak: { kwh: 3, amount: 300 } });
  });

  it('a night period across midnight counts on the local day each hour falls in (Asia/Shanghai)', () => {
    const tariff = always(P('night', '22:00', '06:00', '0.08'), P('day', '06:00', '22:00', '0.25'));
    // local 21:00–01:00 (UTC 13:00–17:00), 1 kWh a bucket
    const r = revenueOf(buckets('2026-06-01T13:00:00Z', '2026-06-01T17:00:00Z'), 'Asia/Shanghai', tariff, 'CNY');
    // June 1st: 21:00–22:00 day (12 kWh × 0.25 = 3.00), 22:00–24:00 night (24 kWh × 0.08 = 1.92)
    expect(day(r, '2026-06-01')).toEqual({ day: { kwh: 12, amount: 300 }, night: { kwh: 24, amount: 192 } });
    // June 2nd: 00:00–01:00 night (12 kWh × 0.08 = 0.96)
    expect(day(r, '2026-06-02')).toEqual({ night: { kwh: 12, amount: 96 } });
  });

  it('Europe/Berlin spring-forward day (23 h): peak 08–20 local is still 12 h, off-peak 11 h', () => {
    // local midnight 2026-03-29 is 23:00Z the day before (CET); the next is 22:00Z (CEST)
    const r = revenueOf(buckets('2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z'), 'Europe/Berlin', peakOffPeak, 'EUR');
    // 144 kWh × 0.30 = 43.20; 132 kWh × 0.10 = 13.20 (a fixed +1 h offset would put 12 peak buckets off-peak)
    expect(day(r, '2026-03-29')).toEqual({ peak: { kwh: 144, amount: 4320 }, offPeak: { kwh: 132, amount: 1320 } });
    expect(r.size).toBe(1);
  });

  it('Europe/Berlin fall-back day (25 h): off-peak gets the repeated hour', () => {
    const r = revenueOf(buckets('2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z'), 'Europe/Berlin', peakOffPeak, 'EUR');
    // 144 kWh × 0.30 = 43.20; 156 kWh × 0.10 = 15.60
    expect(day(r, '2026-10-25')).toEqual({ peak: { kwh: 144, amount: 4320 }, offPeak: { kwh: 156, amount: 1560 } });
  });

  it('America/Los_Angeles DST days: the night period 00–06 lasts 5 h in March, 7 h in November', () => {
    const tou = always(
      P('superOffPeak', '00:00', '06:00', '0.10'),
      P('midPeak', '06:00', '16:00', '0.20'),
      P('peak', '16:00', '21:00', '0.40'),
      P('offPeak', '21:00', '24:00', '0.15'),
    );
    // 2026-03-08: midnight PST = 08:00Z; 06:00 PDT = 13:00Z → 5 h = 60 buckets
    const march = revenueOf(buckets('2026-03-08T08:00:00Z', '2026-03-08T13:00:00Z'), 'America/Los_Angeles', tou, 'USD');
    expect(day(march, '2026-03-08')).toEqual({ superOffPeak: { kwh: 60, amount: 600 } });
    // 2026-11-01: midnight PDT = 07:00Z; 06:00 PST = 14:00Z → 7 h = 84 buckets (8.40 USD)
    const nov = revenueOf(buckets('2026-11-01T07:00:00Z', '2026-11-01T14:00:00Z'), 'America/Los_Angeles', tou, 'USD');
    expect(day(nov, '2026-11-01')).toEqual({ superOffPeak: { kwh: 84, amount: 840 } });
    // the peak of that day: 16:00–21:00 PST = 00:00Z–05:00Z on Nov 2nd, 60 kWh × 0.40 = 24.00 USD
    const peak = revenueOf(buckets('2026-11-02T00:00:00Z', '2026-11-02T05:00:00Z'), 'America/Los_Angeles', tou, 'USD');
    expect(day(peak, '2026-11-01')).toEqual({ peak: { kwh: 60, amount: 2400 } });
  });

  it('Asia/Kolkata (UTC+05:30): 12:00–13:00Z is 17:30–18:30 local, half normal and half peak', () => {
    const tariff = always(P('peak', '18:00', '22:00', '8.50'), P('normal', '22:00', '18:00', '6.00'));
    const r = revenueOf(buckets('2026-06-01T12:00:00Z', '2026-06-01T13:00:00Z'), 'Asia/Kolkata', tariff, 'INR');
    // 6 kWh × 6.00 = 36.00 INR; 6 kWh × 8.50 = 51.00 INR (paise)
    expect(day(r, '2026-06-01')).toEqual({ normal: { kwh: 6, amount: 3600 }, peak: { kwh: 6, amount: 5100 } });
    expect(localTime(Date.parse('2026-06-01T12:30:00Z'), 'Asia/Kolkata').minute).toBe(18 * 60);
  });

  it('a price changed mid-month applies from its first day on: 10 kWh a day at 0.20 then 0.25', () => {
    const flat = (price: string) => [P('flat', '00:00', '00:00', price)];
    const versions: PriceVersion[] = [
      { validFrom: '2026-05-01', validTo: '2026-05-15', periods: flat('0.20') },
      { validFrom: '2026-05-16', validTo: null, periods: flat('0.25') },
    ];
    const days = ['2026-05-14', '2026-05-15', '2026-05-16', '2026-05-17'];
    const r = revenueOf(
      days.map((d) => ({ ts: Date.parse(`${d}T12:00:00Z`), kwh: 10 })),
      'UTC',
      versions,
      'EUR',
    );
    expect(days.map((d) => r.get(d)!.get('flat')!.amount)).toEqual([200, 200, 250, 250]);
  });

  it('weekday and weekend periods, seasons, and a currency without minor unit (JPY)', () => {
    const tariff = always(
      P('weekday', '00:00', '00:00', '20', { days: 'weekdays' }),
      P('weekend', '00:00', '00:00', '15.5', { days: 'weekends' }),
    );
    // 2026-06-05 is a Friday, 06-06 a Saturday (Asia/Tokyo)
    const r = revenueOf(
      [
        { ts: Date.parse('2026-06-05T03:00:00Z'), kwh: 10 },
        { ts: Date.parse('2026-06-06T03:00:00Z'), kwh: 10 },
      ],
      'Asia/Tokyo',
      tariff,
      'JPY',
    );
    expect(day(r, '2026-06-05')).toEqual({ weekday: { kwh: 10, amount: 200 } });
    expect(day(r, '2026-06-06')).toEqual({ weekend: { kwh: 10, amount: 155 } });
  });

  it('energy without a valid price earns nothing (no made-up figure)', () => {
    const r = revenueOf(buckets('2026-06-01T10:00:00Z', '2026-06-01T11:00:00Z'), 'UTC', [], 'EUR');
    expect(r.size).toBe(0);
  });
});

describe('the shape of a sunny day (a day counted without its power stored)', () => {
  const sum = (b: BucketEnergy[]) => b.reduce((n, x) => n + x.kwh, 0);
  it('spreads the day over daylight at the plant, in buckets of its own local day, adding up to 1', () => {
    // Madrid, 21 June: sunrise about 06:45, sunset about 21:50 local (CEST)
    const june = clearSkyDay('2026-06-21', 'Europe/Madrid', 40.4, -3.7);
    expect(sum(june)).toBeCloseTo(1, 9);
    const minutes = june.map((b) => localTime(b.ts, 'Europe/Madrid'));
    expect(minutes.every((m) => m.day === '2026-06-21')).toBe(true);
    expect(minutes[0]!.minute).toBeGreaterThan(6 * 60);
    expect(minutes[0]!.minute).toBeLessThan(7 * 60);
    expect(minutes[minutes.length - 1]!.minute).toBeGreaterThan(21 * 60);
    // the most in the bucket of solar noon (about 14:15 local in Madrid in summer)
    const top = june.reduce((a, b) => (b.kwh > a.kwh ? b : a));
    expect(Math.abs(localTime(top.ts, 'Europe/Madrid').minute - 14.25 * 60)).toBeLessThan(20);
    // an early-morning off-peak until 08:00 at 0.10, peak after: a few percent only before eight
    const r = revenueOf(
      june.map((b) => ({ ts: b.ts, kwh: b.kwh * 100 })),
      'Europe/Madrid',
      peakOffPeak,
      'EUR',
    );
    const d = day(r, '2026-06-21');
    expect(d.peak.kwh + d.offPeak.kwh).toBeCloseTo(100, 6);
    expect(d.offPeak.kwh).toBeLessThan(d.peak.kwh);
  });

  it('keeps a DST day to its 23 hours, cuts a day under way at now, and has a shape without coordinates', () => {
    expect(dayStart('2026-03-29', 'Europe/Berlin')).toBe(Date.parse('2026-03-28T23:00:00Z'));
    expect(dayStart('2026-03-30', 'Europe/Berlin')).toBe(Date.parse('2026-03-29T22:00:00Z'));
    expect(dayStart('2026-06-01', 'Asia/Kolkata')).toBe(Date.parse('2026-05-31T18:30:00Z'));
    const now = Date.parse('2026-03-29T10:00:00Z');
    const morning = clearSkyDay('2026-03-29', 'Europe/Berlin', 52.5, 13.4, now);
    expect(sum(morning)).toBeCloseTo(1, 9);
    expect(morning.every((b) => b.ts < now)).toBe(true);
    const flat = clearSkyDay('2026-03-29', 'Europe/Berlin', null, null);
    expect(sum(flat)).toBeCloseTo(1, 9);
    const first = localTime(flat[0]!.ts, 'Europe/Berlin').minute;
    const last = localTime(flat[flat.length - 1]!.ts, 'Europe/Berlin').minute;
    expect([first >= 6 * 60, last < 18 * 60]).toEqual([true, true]);
  });
});
