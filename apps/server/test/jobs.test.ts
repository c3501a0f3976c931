import { Writable } from 'node:stream';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, JOB_PERIODS } from '../src/app.js';
import { claimTick, finishTick, slackOf, staleAfter } from '../src/plugins/jobs.js';
import type { BusEvent } from '../src/plugins/bus.js';
import { buildTestApp, type TestApp } from './helper.js';

// Two server processes on one database: the test app and a second app built on the same
// database (SQLite file, or the throw-away PostgreSQL database under `npm run test:pg`).
const SWEEP_MS = 200;
let t: TestApp;
let other: FastifyInstance;
const quiet = new Writable({ write: (_c, _e, cb) => cb() });
// far enough ahead that the apps' own timers (real time) never find these ticks due
const T = Date.now() + 86_400_000;

beforeAll(async () => {
  const env = { SIMULATOR_PLANTS: '1' };
  t = await buildTestApp(env, { jobPeriods: { 'offline-sweep': SWEEP_MS } });
  other = await buildApp(
    { ...t.config, webDist: join(t.config.dataDir, 'no-web') },
    { logStream: quiet, jobPeriods: { 'offline-sweep': SWEEP_MS } },
  );
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const both = () => [t.app, other];

describe('periodic jobs shared by several server processes', () => {
  it('runs a tick in one process only, and the next one after its period', async () => {
    const period = JOB_PERIODS['archive-prune']!;
    const first = await Promise.all(both().map((app) => app.jobs.tick('archive-prune', T)));
    expect(first.map((r) => r.ran).sort()).toEqual([false, true]);
    const cfg = await t.app.db
      .selectFrom('archive_config')
      .select('last_filed_at')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(cfg.last_filed_at)).toBe(T);
    // within the period: nobody, whoever asks first
    for (const app of both()) expect((await app.jobs.tick('archive-prune', T + period / 2)).ran).toBe(false);
    // a period later: again exactly one of them
    const next = await Promise.all(
      both()
        .reverse()
        .map((app) => app.jobs.tick('archive-prune', T + period)),
    );
    expect(next.map((r) => r.ran).sort()).toEqual([false, true]);
    const row = await t.app.db
      .selectFrom('job_runs')
      .selectAll()
      .where('name', '=', 'archive-prune')
      .executeTakeFirstOrThrow();
    expect(Number(row.claimed_at)).toBe(T + period);
    expect(Number(row.done_at)).toBe(T + period);
    expect([t.app.jobs.owner, other.jobs.owner]).toContain(row.claimed_by);
  });

  it('lets a timer that fires a little early keep its turn', async () => {
    const period = JOB_PERIODS['command-timeouts']!;
    expect((await t.app.jobs.tick('command-timeouts', T)).ran).toBe(true);
    expect((await other.jobs.tick('command-timeouts', T + period - slackOf(period) - 1)).ran).toBe(false);
    expect((await other.jobs.tick('command-timeouts', T + period - slackOf(period))).ran).toBe(true);
  });

  it('does not start a tick while a run is under way, unless that run was abandoned', async () => {
    const db = t.app.db;
    const period = 1000;
    // a process claims and dies before finishing
    expect(await claimTick(db, 'test-job', period, 'gone', T)).toBeDefined();
    expect(await claimTick(db, 'test-job', period, 'alive', T + 2 * period)).toBeUndefined();
    const taken = await claimTick(db, 'test-job', period, 'alive', T + staleAfter(period));
    expect(taken?.claimed_by).toBe('gone');
    // the dead process's late finish does not count; the live one's does, with its state
    await finishTick(db, 'test-job', 'gone', T, '"stale"');
    await finishTick(db, 'test-job', 'alive', T + staleAfter(period), '{"n":1}');
    const row = await db.selectFrom('job_runs').selectAll().where('name', '=', 'test-job').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ claimed_by: 'alive', state: '{"n":1}' });
    expect(Number(row.done_at)).toBe(T + staleAfter(period));
    expect((await claimTick(db, 'test-job', period, 'gone', T + staleAfter(period) + period))?.state).toBe('{"n":1}');
  });

  it('with real timers: the two processes together sweep once per period, not once each', async () => {
    const counts = () => t.app.jobs.runs('offline-sweep') + other.jobs.runs('offline-sweep');
    const before = counts();
    const started = performance.now();
    await new Promise((r) => setTimeout(r, 12 * SWEEP_MS));
    const elapsed = performance.now() - started;
    const runs = counts() - before;
    // each process's timer fires elapsed / SWEEP_MS times: uncoordinated, twice as many runs
    const timerFirings = Math.floor(elapsed / SWEEP_MS);
    expect(runs).toBeLessThanOrEqual(Math.floor(elapsed / (SWEEP_MS - slackOf(SWEEP_MS))) + 1);
    expect(runs).toBeLessThan(2 * timerFirings - 2);
    expect(runs).toBeGreaterThanOrEqual(3);
  });

  it('hands the dashboard refresh on with where it stopped: the next process does not announce again what was announced', async () => {
    const period = JOB_PERIODS.dashboard!;
    const seen = new Map<FastifyInstance, BusEvent[]>(both().map((app) => [app, []]));
    const off = both().map((app) => app.bus.subscribe((e) => void (e.type === 'stats' && seen.get(app)!.push(e))));
    const device = await t.app.db
      .selectFrom('devices')
      .select(['id', 'org_id'])
      .where('type', '=', 'inverter')
      .executeTakeFirstOrThrow();
    const ran: FastifyInstance[] = [];
    const tick = async (app: FastifyInstance, at: number) =>
      void ((await app.jobs.tick('dashboard', at)).ran && ran.push(app));
    // B refreshes, a fault opens, A refreshes a period later, then B again
    await tick(other, T + 9 * period);
    seen.get(other)!.length = 0;
    await t.app.db
      .insertInto('faults')
      .values({
        device_id: device.id,
        code: 'F01',
        message: null,
        state: 'unrepaired',
        opened_at: T - 1000,
        fixed_at: null,
      })
      .execute();
    await tick(t.app, T + 10 * period);
    await tick(other, T + 11 * period);
    off.forEach((unsubscribe) => unsubscribe());
    expect(ran).toEqual([other, t.app, other]);
    // A announced the fault (its organisation changed); B found nothing new
    expect(seen.get(t.app)!.length).toBe(1);
    expect(seen.get(t.app)![0]).toMatchObject({
      type: 'stats',
      orgIds: [device.org_id],
      faults: [[expect.any(Number), device.org_id]],
    });
    expect(seen.get(other)).toEqual([]);
  });
});
