import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteHandle } from '../src/db/dialect.js';
import { IngestThread } from '../src/ingest/ingest-thread.js';
import { IngestRejected } from '../src/ingest/pipeline.js';
import { buildTestApp, insertKeyedDevice, type TestApp } from './helper.js';

/** The ingest on its own thread and connection (a SQLite file, as `npm start` runs it). */
let t: TestApp;
let deviceId: number;
const SN = 'THREAD01';
const MIN = 60_000;
const T0 = Date.parse('2026-06-01T08:00:00Z');

beforeAll(async () => {
  // always a SQLite file here (the PostgreSQL run of the suites has no ingest thread)
  t = await buildTestApp({
    DATABASE_URL: `sqlite:${join(process.env.TMPDIR ?? '/tmp', `pv-thread-${process.pid}-${Date.now()}.sqlite`)}`,
  });
  deviceId = await insertKeyedDevice(t.app, SN);
});
afterAll(async () => {
  await t.close();
});

const threadOf = (ingest: unknown) => (ingest as { worker?: Worker }).worker;

describe('the ingest thread', () => {
  it('is what the app runs on a SQLite file, and a message is in the database (read by the main connection) once submit resolves', async () => {
    expect(t.app.ingest).toBeInstanceOf(IngestThread);
    await t.app.ingest.submit(SN, 'telemetry', { ts: T0, points: { acPower: 1234 } });
    expect(threadOf(t.app.ingest)).toBeDefined();
    const row = await t.app.db
      .selectFrom('samples')
      .select('points')
      .where('device_id', '=', deviceId)
      .where('ts', '=', T0)
      .executeTakeFirst();
    expect(JSON.parse(row!.points)).toMatchObject({ acPower: 1234 });
  });

  it('refuses a malformed message and an unknown device as IngestRejected, counted in the stats', async () => {
    const before = t.app.ingest.stats.rejected;
    await expect(t.app.ingest.submit(SN, 'telemetry', Buffer.from('{not json'))).rejects.toBeInstanceOf(IngestRejected);
    await expect(t.app.ingest.submit(SN, 'telemetry', { ts: T0, points: { acPower: 'high' } })).rejects.toThrow(
      /acPower/,
    );
    await expect(t.app.ingest.submit('NO-SUCH-SN', 'telemetry', { ts: T0, points: {} })).rejects.toThrow(
      /unknown device/,
    );
    expect(t.app.ingest.stats.rejected).toBe(before + 3);
  });

  it('lets console writes (transactions that read, then write) succeed while the thread writes batches', async () => {
    let stop = false;
    let ts = T0 + MIN;
    const feeding = (async () => {
      let sent = 0;
      while (!stop) {
        await Promise.all(
          Array.from({ length: 50 }, () =>
            t.app.ingest.submit(SN, 'telemetry', { ts: (ts += 1000), points: { acPower: 500, energyTotal: ts / 1e7 } }),
          ),
        );
        sent += 50;
      }
      return sent;
    })();
    const failures: string[] = [];
    for (let i = 0; i < 20; i++) {
      // as a console write does: read, then write in the same transaction, with batches committed in between
      await t.app.db
        .transaction()
        .execute(async (trx) => {
          await trx.selectFrom('devices').select('name').where('id', '=', deviceId).executeTakeFirstOrThrow();
          await new Promise((r) => setTimeout(r, 10));
          await trx
            .updateTable('devices')
            .set({ name: `Thread device ${i}` })
            .where('id', '=', deviceId)
            .execute();
        })
        .catch((err: Error) => failures.push(err.message));
    }
    stop = true;
    const sent = await feeding;
    expect(sent).toBeGreaterThan(0);
    expect(failures).toEqual([]);
    const { name } = await t.app.db
      .selectFrom('devices')
      .select('name')
      .where('id', '=', deviceId)
      .executeTakeFirstOrThrow();
    expect(name).toBe('Thread device 19');
  });

  it('answers the messages a dead thread held with an error (not acknowledged) and starts a new thread for the next ones', async () => {
    const worker = threadOf(t.app.ingest)!;
    // the main connection holds the write lock: the thread cannot commit the batch handed to it
    // (flush hands it over at once), and is stopped with the batch in hand
    const handle = sqliteHandle(t.app.db)!;
    handle.exec('begin immediate');
    const held = t.app.ingest.submit(SN, 'telemetry', { ts: T0 - MIN, points: { acPower: 1 } });
    void t.app.ingest.flush();
    expect(t.app.ingest.queued).toBe(0);
    const terminated = worker.terminate();
    handle.exec('rollback');
    await terminated;
    await expect(held).rejects.toThrow(/ingest thread stopped/);
    expect(
      await t.app.db
        .selectFrom('samples')
        .select('ts')
        .where('device_id', '=', deviceId)
        .where('ts', '=', T0 - MIN)
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(t.logs.some((l) => l.includes('ingest thread stopped'))).toBe(true);
    const accepted = t.app.ingest.stats.accepted;
    await t.app.ingest.submit(SN, 'telemetry', { ts: T0 - 2 * MIN, points: { acPower: 2 } });
    expect(threadOf(t.app.ingest)).not.toBe(worker);
    // the new thread's count goes on from the old one's
    expect(t.app.ingest.stats.accepted).toBe(accepted + 1);
    expect(
      await t.app.db
        .selectFrom('samples')
        .select('ts')
        .where('device_id', '=', deviceId)
        .where('ts', '=', T0 - 2 * MIN)
        .executeTakeFirst(),
    ).toBeDefined();
  });
});
