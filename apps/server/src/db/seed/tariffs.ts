import type { TariffPeriod } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

/**
 * The demo's power companies and feed-in tariffs (issue 20), and each demo plant's tariff by its
 * time zone, so a fresh demo shows revenue: the revenue job computes the plants' history from
 * their 5-minute rollups on its first runs. Plants in Cape Town get none and show no revenue.
 * Runs once (DEMO on, no power company yet).
 */

const P = (
  name: string,
  from: string,
  to: string,
  price: string,
  days: TariffPeriod['days'] = 'all',
): TariffPeriod => ({
  name,
  from,
  to,
  price,
  days,
  months: [],
});

interface Company {
  name: string;
  country: string;
  currency: string;
  areas: string[];
  /** feed-in prices of the first area; `until` a number of days before today (a price changed in the history) */
  prices: { from: string; untilDaysAgo?: number; fromDaysAgo?: number; periods: TariffPeriod[] }[];
  /** plant time zones it serves, and the area */
  zones: Record<string, string>;
}

const COMPANIES: Company[] = [
  {
    name: 'State Grid East China',
    country: 'CN',
    currency: 'CNY',
    areas: ['Shanghai', 'Zhejiang', 'Guangdong'],
    prices: [
      {
        from: '2025-01-01',
        untilDaysAgo: 15,
        periods: [
          P('peak', '08:00', '11:00', '0.5500'),
          P('flat', '11:00', '18:00', '0.4200'),
          P('peak', '18:00', '21:00', '0.5500'),
          P('flat', '21:00', '22:00', '0.4200'),
          P('valley', '22:00', '08:00', '0.2500'),
        ],
      },
      {
        from: '',
        fromDaysAgo: 14,
        periods: [
          P('peak', '08:00', '11:00', '0.5800'),
          P('flat', '11:00', '18:00', '0.4100'),
          P('peak', '18:00', '21:00', '0.5800'),
          P('flat', '21:00', '22:00', '0.4100'),
          P('valley', '22:00', '08:00', '0.2400'),
        ],
      },
    ],
    zones: { 'Asia/Shanghai': 'Shanghai' },
  },
  {
    name: 'Tokyo Electric Power',
    country: 'JP',
    currency: 'JPY',
    areas: ['Kanto'],
    prices: [
      { from: '2025-01-01', periods: [P('day', '07:00', '23:00', '18.00'), P('night', '23:00', '07:00', '12.00')] },
    ],
    zones: { 'Asia/Tokyo': 'Kanto' },
  },
  {
    name: 'Energía Iberia',
    country: 'ES',
    currency: 'EUR',
    areas: ['Península', 'Baleares'],
    prices: [
      {
        from: '2025-01-01',
        periods: [
          P('peak', '10:00', '14:00', '0.1200', 'weekdays'),
          P('shoulder', '14:00', '18:00', '0.0900', 'weekdays'),
          P('peak', '18:00', '22:00', '0.1200', 'weekdays'),
          P('shoulder', '22:00', '24:00', '0.0900', 'weekdays'),
          P('shoulder', '08:00', '10:00', '0.0900', 'weekdays'),
          P('offPeak', '00:00', '08:00', '0.0600', 'weekdays'),
          P('offPeak', '00:00', '00:00', '0.0600', 'weekends'),
        ],
      },
    ],
    zones: { 'Europe/Madrid': 'Península' },
  },
  {
    name: 'Stadtwerke Berlin',
    country: 'DE',
    currency: 'EUR',
    areas: ['Berlin'],
    prices: [{ from: '2025-01-01', periods: [P('feedIn', '00:00', '00:00', '0.0811')] }],
    zones: { 'Europe/Berlin': 'Berlin' },
  },
  {
    name: 'BSES Rajdhani',
    country: 'IN',
    currency: 'INR',
    areas: ['Delhi'],
    prices: [
      { from: '2025-01-01', periods: [P('solar', '10:00', '16:00', '3.50'), P('normal', '16:00', '10:00', '4.20')] },
    ],
    zones: { 'Asia/Kolkata': 'Delhi' },
  },
  {
    name: 'Ausgrid',
    country: 'AU',
    currency: 'AUD',
    areas: ['NSW'],
    prices: [
      {
        from: '2025-01-01',
        periods: [P('peak', '15:00', '21:00', '0.1000'), P('offPeak', '21:00', '15:00', '0.0500')],
      },
    ],
    zones: { 'Australia/Sydney': 'NSW' },
  },
];

const dayBefore = (now: number, days: number) => new Date(now - days * 86_400_000).toISOString().slice(0, 10);

export async function seedDemoTariffs(db: Kysely<Database>, now = Date.now()): Promise<void> {
  if (await db.selectFrom('power_companies').select('id').limit(1).executeTakeFirst()) return;
  for (const c of COMPANIES) {
    const { id } = await db
      .insertInto('power_companies')
      .values({
        name: c.name,
        country: c.country,
        currency: c.currency,
        price_areas: JSON.stringify(c.areas),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const p of c.prices)
      await db
        .insertInto('electricity_prices')
        .values({
          company_id: id,
          area: c.areas[0]!,
          kind: 'feedIn',
          valid_from: p.fromDaysAgo !== undefined ? dayBefore(now, p.fromDaysAgo) : p.from,
          valid_to: p.untilDaysAgo !== undefined ? dayBefore(now, p.untilDaysAgo) : null,
          periods: JSON.stringify(p.periods),
          updated_by: 'admin',
          created_at: now,
          updated_at: now,
        })
        .execute();
    for (const [zone, area] of Object.entries(c.zones))
      await db
        .updateTable('plants')
        .set({ power_company_id: id, price_area: area, currency: c.currency })
        .where('time_zone', '=', zone)
        .where('power_company_id', 'is', null)
        .execute();
  }
}
