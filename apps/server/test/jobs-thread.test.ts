import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_TASK, newRefreshState, refreshDashboard } from '../src/modules/dashboard/dashboard.refresh.js';
import { PLANT_STATS_INVALIDATE_TASK, PLANT_STATS_TASK, refreshPlantStats } from '../src/modules/plant/plant-stats.js';
import { JobsThread } from '../src/plugins/jobs-thread.js';
import { buildTestApp, type TestApp } from './helper.js';

/**
 * The fleet roll-ups on their own thread (SQLite files, docs/operations.md): the plant-stats and
 * dashboard refreshes write what they write on the API's thread, through the thread's own
 * connection; an invalidation reaches the thread's past-days sums; a closed thread starts again
 * at the next run.
 */
let t: TestApp;

const statsRows = async () =>
  (await t.app.db.selectFrom('plant_stats').selectAll().orderBy('plant_id').execute()).map(
    ({ updated_at: _, ...r }) => r,
  );

const file = join(tmpdir(), `pv-jobs-thread-${process.pid}-${Date.now()}.sqlite`);

// a thread of its own only for a SQLite file (PostgreSQL's queries do not hold the API's thread):
// a SQLite file in every suite, the PostgreSQL one included
describe('jobs thread', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    // the app refreshes on its own thread: this test compares the thread with this one
    t = await buildTestApp({
      DATABASE_URL: `sqlite:${file}`,
      JOBS_THREAD: 'false',
      SIMULATOR: 'false',
      SIMULATOR_PLANTS: '6',
      DEMO_HISTORY: 'true',
    });
    // the app's own periodic runs would write the same tables between the steps below
    t.app.jobs.stop();
    await t.app.jobs.idle();
  });
  afterAll(async () => {
    await t.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  });

  it('writes the rows the API thread writes, tells what changed, and sees a past day changed after an invalidation', async () => {
    const now = Date.now();
    await refreshPlantStats(t.app.db, now);
    const expected = await statsRows();
    expect(expected.length).toBeGreaterThanOrEqual(6);
    expect(expected.some((r) => Number(r.energy_total) > 0)).toBe(true);

    await t.app.db.deleteFrom('plant_stats').execute();
    const thread = new JobsThread(t.config.databaseUrl, t.app.log);
    try {
      expect(await thread.run(PLANT_STATS_TASK, now)).toEqual({ plants: expected.length, written: expected.length });
      expect(await statsRows()).toEqual(expected);
      // nothing changed: nothing written
      expect((await thread.run(PLANT_STATS_TASK, now)).written).toBe(0);

      // a past day of one plant's inverter grows by 1,000 kWh: the thread's past-days sums are kept
      // in memory (10 minutes) until invalidated
      const plantId = expected.find((r) => Number(r.energy_total) > 0)!.plant_id;
      const row = await t.app.db
        .selectFrom('device_daily as dd')
        .innerJoin('devices as d', 'd.id', 'dd.device_id')
        .where('d.plant_id', '=', plantId)
        .where('d.type', '=', 'inverter')
        .select(['dd.device_id', 'dd.day'])
        .orderBy('dd.day')
        .executeTakeFirstOrThrow();
      await t.app.db
        .updateTable('device_daily')
        .set((eb) => ({ energy_kwh: eb('energy_kwh', '+', 1000) }))
        .where('device_id', '=', row.device_id)
        .where('day', '=', row.day)
        .execute();
      const total = async () => Number((await statsRows()).find((r) => r.plant_id === plantId)!.energy_total);
      const before = expected.find((r) => r.plant_id === plantId)!.energy_total;
      await thread.run(PLANT_STATS_TASK, now);
      expect(await total()).toBeCloseTo(Number(before), 3);
      thread.send(PLANT_STATS_INVALIDATE_TASK, undefined);
      expect((await thread.run(PLANT_STATS_TASK, now)).written).toBe(1);
      expect(await total()).toBeCloseTo(Number(before) + 1000, 3);

      // closed (a server stopping), then asked again: a new thread answers
      await thread.close();
      expect((await thread.run(PLANT_STATS_TASK, now)).plants).toBe(expected.length);
    } finally {
      await thread.close();
    }
  });

  it("writes the dashboard's organisation figures the API thread writes, and answers the state it moved on to", async () => {
    const now = Date.now();
    const snapshot = async () =>
      (await t.app.db.selectFrom('org_snapshot').selectAll().orderBy('org_id').execute()).map(
        ({ updated_at: _, ...r }) => r,
      );
    await refreshDashboard(t.app.db, t.app.dialect, newRefreshState(), now);
    const expected = await snapshot();
    expect(expected.some((r) => Number(r.power_w) > 0 || Number(r.faults) > 0)).toBe(true);

    await t.app.db.deleteFrom('org_snapshot').execute();
    const thread = new JobsThread(t.config.databaseUrl, t.app.log);
    try {
      const first = await thread.run(DASHBOARD_TASK, { state: newRefreshState(), now });
      expect(await snapshot()).toEqual(expected);
      expect(first.state).toMatchObject({ at: now, energyAt: now, running: false });
      expect(first.state.maxFaultId).toEqual(expect.any(Number));
      // from that state, a second run a second later has nothing new to tell
      expect((await thread.run(DASHBOARD_TASK, { state: first.state, now: now + 1000 })).event).toBeNull();
    } finally {
      await thread.close();
    }
  });
});
