// Cost of the plant_stats refresh (issue 4) over 10,000 plants and 100,000 devices with 30 days
// of device_daily: a cold run (every past-day sum computed), a warm run (the 10-second job) and
// the longest the event loop was held (what an API request may wait behind it).
// Run: npm run plant-stats -w @pv/bench   (BENCH_PLANTS / BENCH_DEVICES change the size)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { closeDb, createDb } from '../apps/server/src/db/dialect.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { MODULES } from '../apps/server/src/modules/index.js';
import { seedCore, seedDemo } from '../apps/server/src/db/seed/seed.js';
import { refreshPlantStats } from '../apps/server/src/modules/plant/plant-stats.js';
import { seedPlantFleet } from './plants-seed.js';

const plants = Number(process.env.BENCH_PLANTS ?? 10_000);
const devices = Number(process.env.BENCH_DEVICES ?? 100_000);
const dir = mkdtempSync(join(tmpdir(), 'pv-bench-stats-'));
const file = join(dir, 'pv.sqlite');
try {
  const first = createDb(`sqlite:${file}`);
  await migrateToLatest(first.db, MODULES);
  await seedCore(first.db);
  await seedDemo(first.db);
  await closeDb(first.db);
  const seeded = seedPlantFleet(file, { plants, devices, days: 30 });
  console.log(`seeded ${plants} plants, ${devices} devices, ${seeded.dailyRows} device_daily rows in ${seeded.ms} ms`);
  const { db } = createDb(`sqlite:${file}`);
  for (const label of ['cold (past days computed)', 'warm (the 10-second job)', 'warm again']) {
    const h = monitorEventLoopDelay({ resolution: 1 });
    h.enable();
    const t = performance.now();
    const r = await refreshPlantStats(db);
    h.disable();
    console.log(
      `refresh ${label.padEnd(28)} ${Math.round(performance.now() - t)} ms, ${r.written} rows written, event loop held at most ${(h.max / 1e6).toFixed(1)} ms`,
    );
  }
  await closeDb(db);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
