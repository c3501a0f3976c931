import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSamplePartitions, runArchive } from '../src/modules/system/archive.js';
import { updateArchiveConfig } from '../src/modules/system/system.repository.js';
import { buildTestApp, insertKeyedDevice, type TestApp } from './helper.js';

/*
 * The archive with the storage medium "file" loses no sample that arrives while it runs: every
 * sample past the retention ends up in exactly one archive file, whether it was stored before the
 * run, while its day was being filed, or after the file was synced and before anything was
 * removed (the moment a day partition used to be dropped with the late sample in it). The late
 * samples are sent through the ingest at the run's own steps (ArchiveOptions.onStep), so the
 * interleaving is the same on every run.
 */
const DAY = 86_400_000;
const HOUR = 3_600_000;
const SN = 'RACE01';
const today = Math.floor(Date.now() / DAY) * DAY;
const day = (d: number) => today + d * DAY;
let t: TestApp;
let pg: boolean;
let device: number;
let dir: string;

beforeAll(async () => {
  t = await buildTestApp();
  pg = t.app.dialect === 'postgres';
  dir = mkdtempSync(join(tmpdir(), 'pv-archive-race-'));
  device = await insertKeyedDevice(t.app, SN);
  await updateArchiveConfig(t.app.db, { retention_days: 8, storage_medium: 'file' });
  // PostgreSQL: days -10 to -7 as if the job had made them then
  if (pg) await ensureSamplePartitions(t.app.db, day(-10) + HOUR);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const send = (ts: number) => t.app.ingest.submit(SN, 'telemetry', { ts, points: { acPower: ts % 1000 } });
/** The sample times of a device still in the database, in order. */
const storedOf = async (deviceId: number) =>
  (await t.app.db.selectFrom('samples').select('ts').where('device_id', '=', deviceId).orderBy('ts').execute()).map(
    (r) => Number(r.ts),
  );
const stored = () => storedOf(device);
/** Every sample of the SN in the archive files so far, by ts, in file then line order. */
const filedOf = (sn: string) =>
  readdirSync(dir)
    .sort()
    .flatMap((f) =>
      gunzipSync(readFileSync(join(dir, f)))
        .toString()
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { sn: string; ts: number })
        .filter((s) => s.sn === sn)
        .map((s) => s.ts),
    );
const filed = () => filedOf(SN);
const sorted = (a: number[]) => [...a].sort((x, y) => x - y);
/** PostgreSQL: the partition (or set-aside table) each of the device's samples is in. */
const partitionOf = async (ts: number) => {
  const { rows } = await sql<{ part: string }>`
    select tableoid::regclass::text as part from samples where device_id = ${device} and ts = ${ts}::bigint`.execute(
    t.app.db,
  );
  return rows[0]?.part;
};
const setAside = async () => {
  const { rows } = await sql<{ name: string }>`
    select tablename as name from pg_tables where starts_with(tablename, 'samples_archiving_')`.execute(t.app.db);
  return rows.map((r) => r.name);
};
/** Waits until the clock has passed `ms`, so a sample sent now is received after a run that started at `ms`. */
const after = async (ms: number) => {
  while (Date.now() <= ms) await new Promise((r) => setImmediate(r));
};

describe('the archive with the medium "file" while samples arrive', () => {
  const kept = day(-1) + HOUR;
  const old = [day(-20), day(-10) + HOUR, day(-9) + HOUR]; // day -20 has no partition: the default one
  const duringFiling = day(-9) + 2 * HOUR;
  const beforeDrop = [day(-9) + 3 * HOUR, day(-10) + 3 * HOUR, day(-30)];

  it('files a late sample sent during the run by the next run, and removes nothing unfiled', async () => {
    for (const ts of [...old, kept]) await send(ts);
    if (pg) expect(await partitionOf(day(-20))).toBe('samples_default');
    const now = Date.now();
    const steps: string[] = [];
    const run = await runArchive(t.app.db, now, {
      archiveDir: dir,
      force: true,
      onStep: async (step) => {
        steps.push(step);
        await after(now);
        if (step === 'set-aside') await send(duringFiling);
        // the file is complete and synced: a partition dropped now would take these with it
        else for (const ts of beforeDrop) await send(ts);
      },
    });
    expect(steps).toEqual(['set-aside', 'filed']);
    // what was there at the start is filed and gone; the late samples are still in the database
    expect(sorted(filed())).toEqual(old);
    expect(run).toMatchObject({ pruned: old.length });
    expect(await stored()).toEqual(sorted([...beforeDrop, duringFiling, kept]));
    if (pg) {
      // their days had left `samples`: the default partition caught them
      for (const ts of [...beforeDrop, duringFiling]) expect(await partitionOf(ts)).toBe('samples_default');
      expect(await setAside()).toEqual([]);
    }

    // the next run files them, once
    const next = await runArchive(t.app.db, Date.now(), { archiveDir: dir, force: true });
    expect(next).toMatchObject({ pruned: beforeDrop.length + 1 });
    expect(sorted(filed())).toEqual(sorted([...old, duringFiling, ...beforeDrop]));
    expect(await stored()).toEqual([kept]);
  });

  it('files what a run set aside and then failed on in the next run', async () => {
    const lost = [day(-12) + HOUR, day(-10) + 5 * HOUR];
    for (const ts of lost) await send(ts);
    const before = filed().length;
    await expect(
      runArchive(t.app.db, Date.now(), {
        archiveDir: dir,
        force: true,
        onStep: async (step) => {
          if (step === 'set-aside') throw new Error('the process died here');
        },
      }),
    ).rejects.toThrow('the process died here');
    // PostgreSQL: out of `samples` but kept in a set-aside table; SQLite: still in samples
    if (pg) {
      expect(await stored()).toEqual([kept]);
      expect((await setAside()).length).toBeGreaterThan(0);
    } else expect(await stored()).toEqual(sorted([...lost, kept]));
    expect(filed()).toHaveLength(before);

    expect(await runArchive(t.app.db, Date.now(), { archiveDir: dir, force: true })).toMatchObject({
      pruned: lost.length,
    });
    expect(sorted(filed().slice(before))).toEqual(sorted(lost));
    expect(await stored()).toEqual([kept]);
    if (pg) expect(await setAside()).toEqual([]);
  });

  it("removes only what it filed: a late sample stamped before the run's clock is left for the next run", async () => {
    // The run's clock (its `now`) is ahead of the ingest's received_at stamps, as when a batch
    // stamped in the run's starting millisecond, or before it, commits after the run read its
    // device. A bound on received_at (SQLite before) deleted these two without filing them.
    const sn = 'RACE02';
    const id = await insertKeyedDevice(t.app, sn);
    const ofDevice = () => storedOf(id);
    const early = [day(-11) + HOUR, day(-9) + 4 * HOUR];
    const throughIngest = day(-11) + 2 * HOUR;
    const sameMillisecond = day(-9) + 5 * HOUR;
    const recent = day(-1) + 2 * HOUR;
    for (const ts of [...early, recent]) await t.app.ingest.submit(sn, 'telemetry', { ts, points: { acPower: 1 } });
    expect(await ofDevice()).toEqual(sorted([...early, recent]));
    const now = Date.now() + HOUR;
    const run = await runArchive(t.app.db, now, {
      archiveDir: dir,
      force: true,
      onStep: async (step) => {
        if (step !== 'filed') return;
        // stored after the file read the device, stamped before the run's clock
        await t.app.ingest.submit(sn, 'telemetry', { ts: throughIngest, points: { acPower: 2 } });
        await t.app.db
          .insertInto('samples')
          .values({ device_id: id, ts: sameMillisecond, points: '{"acPower":3}', received_at: now })
          .execute();
      },
    });
    expect(sorted(filedOf(sn))).toEqual(early);
    expect(await ofDevice()).toEqual(sorted([throughIngest, sameMillisecond, recent]));
    // (RACE01 holds only its recent sample by now: the counts are this device's)
    expect(run).toMatchObject({ pruned: early.length });

    const next = await runArchive(t.app.db, Date.now() + HOUR, { archiveDir: dir, force: true });
    expect(next).toMatchObject({ pruned: 2 });
    expect(sorted(filedOf(sn))).toEqual(sorted([...early, throughIngest, sameMillisecond]));
    expect(await ofDevice()).toEqual([recent]);
  });
});
