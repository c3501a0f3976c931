// How much of each demo plant's production its revenue covers: the demo (its seeded history) on a
// throw-away SQLite file, the revenue job run until its backfill is done, then per plant the
// production (plant_stats, the energy model) beside the energy of its revenue rows and the
// revenue's year and total. Run: npx tsx bench/revenue-coverage.ts   (prints; not a test)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { refreshPlantStats, invalidatePlantStats } from '../apps/server/src/modules/plant/plant-stats.js';
import { refreshRevenue } from '../apps/server/src/modules/tariff/revenue.refresh.js';

const dir = mkdtempSync(join(tmpdir(), 'pv-revenue-coverage-'));
const config = loadConfig({
  DATA_DIR: dir,
  DATABASE_URL: `sqlite:${join(dir, 'pv.sqlite')}`,
  DEMO: 'true',
  DEMO_HISTORY: 'true',
  SIMULATOR_PLANTS: process.env.PLANTS ?? '24',
  SIMULATOR: 'false',
  LOG_LEVEL: 'warn',
  PORT: '0',
  MQTT_PORT: '0',
});
const app = await buildApp({ ...config, webDist: join(dir, 'none') });
const db = app.db;
try {
  const now = Date.now();
  invalidatePlantStats(db);
  await refreshPlantStats(db, now);
  const t0 = performance.now();
  for (let i = 0; i < 5; i++) if ((await refreshRevenue(db, now)).backfilled === 0 && i > 0) break;
  const ms = performance.now() - t0;
  const rows = await db
    .selectFrom('plants as p')
    .innerJoin('plant_stats as s', 's.plant_id', 'p.id')
    .where('p.power_company_id', 'is not', null)
    .select([
      'p.name',
      'p.time_zone',
      's.energy_year',
      's.energy_total',
      's.revenue_year',
      's.revenue_total',
      's.revenue_currency',
      sql<number>`(select sum(kwh) from plant_revenue_daily r where r.plant_id = p.id)`.as('rev_kwh'),
      sql<number>`(select sum(kwh) from plant_revenue_daily r where r.plant_id = p.id and substr(r.day, 1, 4) = substr(${new Date(now).toISOString()}, 1, 4))`.as(
        'rev_kwh_year',
      ),
      sql<string>`(select min(day) from plant_revenue_daily r where r.plant_id = p.id)`.as('first_day'),
    ])
    .orderBy('p.name')
    .execute();
  const f = (n: unknown) => Number(n ?? 0).toFixed(1);
  console.log(
    'plant | zone | production year / total kWh | revenue energy year / total kWh | revenue year / total (minor) | first revenue day',
  );
  for (const r of rows)
    console.log(
      `${r.name} | ${r.time_zone} | ${f(r.energy_year)} / ${f(r.energy_total)} | ${f(r.rev_kwh_year)} / ${f(r.rev_kwh)} | ${r.revenue_year} / ${r.revenue_total} ${r.revenue_currency} | ${r.first_day}`,
    );
  const fleet = new Map<string, { year: number; total: number }>();
  for (const r of rows) {
    const c = fleet.get(r.revenue_currency ?? '') ?? { year: 0, total: 0 };
    c.year += Number(r.revenue_year ?? 0);
    c.total += Number(r.revenue_total ?? 0);
    fleet.set(r.revenue_currency ?? '', c);
  }
  for (const [currency, c] of fleet) console.log(`fleet ${currency}: year ${c.year}, total ${c.total} (minor units)`);
  const sum = (k: 'energy_total' | 'rev_kwh') => rows.reduce((n, r) => n + Number(r[k] ?? 0), 0);
  console.log(
    `fleet with a tariff: production ${f(sum('energy_total'))} kWh, revenue energy ${f(sum('rev_kwh'))} kWh; revenue job ${ms.toFixed(0)} ms`,
  );
} finally {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}
