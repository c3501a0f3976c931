// Cost of the revenue rollup (issue 20): the revenue job over 10,000 plants with a tariff and a
// day and a half of 5-minute rollups (what its 30-second run reads: yesterday and today), a
// price change recomputing a year of rollups (measured on BENCH_YEAR_PLANTS plants and given per
// plant-year and for 10,000 plants), and the plant list sorted by today's revenue beside the sort
// by today's energy.
// Run: npm run revenue -w @pv/bench   (BENCH_PLANTS, BENCH_YEAR_PLANTS change the size)
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { PlantListQuery } from '@pv/contract';
import { closeDb, createDb } from '../apps/server/src/db/dialect.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { MODULES } from '../apps/server/src/modules/index.js';
import { seedCore, seedDemo } from '../apps/server/src/db/seed/seed.js';
import type { SessionUser } from '../apps/server/src/lib/types.js';
import { refreshPlantStats } from '../apps/server/src/modules/plant/plant-stats.js';
import { listPlantsJson } from '../apps/server/src/modules/plant/plant.repository.js';
import { refreshRevenue, runRecomputes } from '../apps/server/src/modules/tariff/revenue.refresh.js';
import { seedPlantFleet } from './plants-seed.js';

const plants = Number(process.env.BENCH_PLANTS ?? 10_000);
const yearPlants = Number(process.env.BENCH_YEAR_PLANTS ?? 20);
const BUCKET = 300_000;
const DAY = 86_400_000;
const dir = mkdtempSync(join(tmpdir(), 'pv-bench-revenue-'));
const file = join(dir, 'pv.sqlite');

const TOU = JSON.stringify([
  { name: 'peak', from: '08:00', to: '11:00', price: '0.55', days: 'all', months: [] },
  { name: 'flat', from: '11:00', to: '18:00', price: '0.42', days: 'all', months: [] },
  { name: 'peak', from: '18:00', to: '21:00', price: '0.55', days: 'all', months: [] },
  { name: 'flat', from: '21:00', to: '22:00', price: '0.42', days: 'all', months: [] },
  { name: 'valley', from: '22:00', to: '08:00', price: '0.25', days: 'all', months: [] },
]);

/** A clear-sky-like day: power by the hour of the UTC day shifted by the plant's id (zones differ). */
const watts = (plant: number, bucket: number) => {
  const h = (((bucket / 3_600_000 + (plant % 24)) % 24) + 24) % 24;
  return h < 6 || h > 18 ? 0 : Math.round(4000 * Math.sin(((h - 6) / 12) * Math.PI));
};

const me: SessionUser = {
  id: 1,
  loginName: 'admin',
  sessionId: 0,
  roleIds: [],
  orgId: 1,
  orgPath: '/1/',
  orgGroupCode: 'ROOT',
  perms: new Set(),
  dataScope: 'all',
  sensitive: true,
};

const ms = (t: number) => Math.round(performance.now() - t);
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

try {
  const first = createDb(`sqlite:${file}`);
  await migrateToLatest(first.db, MODULES);
  await seedCore(first.db);
  await seedDemo(first.db);
  await closeDb(first.db);
  const total = plants + yearPlants;
  const seeded = seedPlantFleet(file, { plants: total, devices: total, days: 2 });
  // tariffs, and the rollups: 36 h for the fleet, a year for the recompute's plants
  const t0 = performance.now();
  const raw = new Database(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = OFF');
  const now = Math.floor(Date.now() / BUCKET) * BUCKET;
  let rollups = 0;
  raw.transaction(() => {
    const company = raw.prepare(
      `insert into power_companies (name, country, currency, price_areas, created_at, updated_at) values (?, 'CN', 'CNY', '["A","Y"]', ?, ?) returning id`,
    );
    const { id } = company.get('Bench grid', now, now) as { id: number };
    for (const area of ['A', 'Y'])
      raw
        .prepare(
          `insert into electricity_prices (company_id, area, kind, valid_from, valid_to, periods, updated_by, created_at, updated_at) values (?, ?, 'feedIn', '2000-01-01', null, ?, 'bench', ?, ?)`,
        )
        .run(id, area, TOU, now, now);
    raw
      .prepare(`update plants set power_company_id = ?, price_area = 'A', currency = 'CNY' where id <= ?`)
      .run(id, plants);
    raw
      .prepare(`update plants set power_company_id = ?, price_area = 'Y', currency = 'CNY' where id > ?`)
      .run(id, plants);
    const insert = raw.prepare(
      'insert into device_rollup_5m (device_id, bucket, n, points, point_n) values (?, ?, 1, ?, null)',
    );
    for (let p = 1; p <= total; p++) {
      const from = p <= plants ? now - 36 * 3_600_000 : now - 365 * DAY;
      for (let b = from; b < now; b += BUCKET) {
        insert.run(p, b, `{"acPower":${watts(p, b)}}`);
        rollups++;
      }
    }
  })();
  raw.close();
  console.log(
    `seeded ${total} plants (${plants} with 36 h of rollups, ${yearPlants} with a year), ${rollups} rollup rows in ${seeded.ms + ms(t0)} ms`,
  );

  const { db } = createDb(`sqlite:${file}`);
  await refreshPlantStats(db);
  // the first run backfills the history of the plants that have none yet (100 a run), the next ones are the 30-second job
  for (const label of ['first (backfills 100 plants)', 'warm (the 30-second job)', 'warm again']) {
    const h = monitorEventLoopDelay({ resolution: 1 });
    h.enable();
    const t = performance.now();
    const r = await refreshRevenue(db, Date.now());
    h.disable();
    console.log(
      `revenue refresh ${label.padEnd(30)} ${ms(t)} ms for ${r.plants} plants (${r.backfilled} backfilled), event loop held at most ${(h.max / 1e6).toFixed(1)} ms`,
    );
  }

  // a price change over the whole year of the recompute's plants
  await db
    .insertInto('revenue_recomputes')
    .values({
      company_id: 1,
      area: 'Y',
      from_day: new Date(now - 366 * DAY).toISOString().slice(0, 10),
      to_day: '9999-12-31',
      state: 'queued',
      plants_total: yearPlants,
      plants_done: 0,
      created_by: 'bench',
      created_at: now,
      finished_at: null,
    })
    .execute();
  const companyId = (await db.selectFrom('power_companies').select('id').executeTakeFirstOrThrow()).id;
  await db.updateTable('revenue_recomputes').set({ company_id: companyId }).execute();
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  const t = performance.now();
  await runRecomputes(db, Date.now());
  h.disable();
  const took = ms(t);
  const rows = await db
    .selectFrom('plant_revenue_daily')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('plant_id', '>', plants)
    .executeTakeFirstOrThrow();
  console.log(
    `recompute a year for ${yearPlants} plants: ${took} ms (${Number(rows.n)} revenue rows), ${(took / yearPlants).toFixed(0)} ms per plant-year → ${(((took / yearPlants) * 10_000) / 60_000).toFixed(1)} min for 10,000 plant-years; event loop held at most ${(h.max / 1e6).toFixed(1)} ms`,
  );

  // the plant list sorted by today's revenue, beside today's energy (page 1 and a deep page)
  for (const [label, q] of [
    ["sorted by today's energy, page 1", { sortField: 'energyToday', sortOrder: 'descend', pageNum: 1 }],
    ["sorted by today's revenue, page 1", { sortField: 'revenueToday', sortOrder: 'descend', pageNum: 1 }],
    ['sorted by total revenue, page 1', { sortField: 'revenueTotal', sortOrder: 'descend', pageNum: 1 }],
    ["sorted by today's revenue, page 250", { sortField: 'revenueToday', sortOrder: 'descend', pageNum: 250 }],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t1 = performance.now();
      await listPlantsJson(db, me, { pageSize: 20, ...q } as PlantListQuery);
      times.push(performance.now() - t1);
    }
    console.log(
      `GET /plants ${label.padEnd(36)} p50 ${pct(times, 0.5).toFixed(1)} ms, p99 ${pct(times, 0.99).toFixed(1)} ms`,
    );
  }
  await closeDb(db);
} finally {
  if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
  else console.log(file);
}
