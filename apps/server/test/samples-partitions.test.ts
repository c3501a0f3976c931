import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../src/db/migrate.js';
import { ensureSamplePartitions, PARTITION_AHEAD_DAYS, runArchive } from '../src/modules/system/archive.js';
import { samplePartitionName, samplePartitions, updateArchiveConfig } from '../src/modules/system/system.repository.js';
import { buildTestApp, insertKeyedDevice, login, type TestApp } from './helper.js';

/*
 * Raw samples by time: on PostgreSQL one range partition per UTC day, made ahead by the archive job
 * and dropped whole past the retention; on SQLite one table pruned by DELETE. What the ingest
 * stores, the archive removes and the samples API answers is the same on both.
 */
const DAY = 86_400_000;
const HOUR = 3_600_000;
let t: TestApp;
let token: string;
let pg: boolean;
let device: number;
const SN = 'PART01';
const now = Date.now();
const today = Math.floor(now / DAY) * DAY;
const day = (d: number) => today + d * DAY;

beforeAll(async () => {
  t = await buildTestApp();
  pg = t.app.dialect === 'postgres';
  token = await login(t.app, 'admin');
  device = await insertKeyedDevice(t.app, SN);
  await updateArchiveConfig(t.app.db, { retention_days: 8, storage_medium: 'database' });
});
afterAll(async () => {
  await t.close();
});

const send = (ts: number, acPower: number) => t.app.ingest.submit(SN, 'telemetry', { ts, points: { acPower } });
const stored = async () =>
  (await t.app.db.selectFrom('samples').select('ts').where('device_id', '=', device).orderBy('ts').execute()).map((r) =>
    Number(r.ts),
  );
/** PostgreSQL: the partition each of the device's samples is in, by ts. */
const partitionOf = async () => {
  const { rows } = await sql<{ part: string; ts: string }>`
    select tableoid::regclass::text as part, ts from samples where device_id = ${device} order by ts`.execute(t.app.db);
  return Object.fromEntries(rows.map((r) => [Number(r.ts), r.part]));
};
const exists = async (relation: string) => {
  const { rows } = await sql<{ oid: string | null }>`select to_regclass(${relation})::text as oid`.execute(t.app.db);
  return rows[0]!.oid !== null;
};
const countIn = async (relation: string) => {
  const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.id(relation)}`.execute(t.app.db);
  return Number(rows[0]!.n);
};

describe('samples by day', () => {
  it('has the partitions of today and the days ahead (PostgreSQL) or one plain table (SQLite)', async () => {
    if (pg) {
      const { rows } = await sql<{ kind: string }>`
        select relkind as kind from pg_class where oid = 'samples'::regclass`.execute(t.app.db);
      expect(rows[0]!.kind).toBe('p');
      const names = (await samplePartitions(t.app.db)).map((p) => p.name);
      for (let d = 0; d <= PARTITION_AHEAD_DAYS; d++) expect(names).toContain(samplePartitionName(day(d)));
      expect(await exists('samples_default')).toBe(true);
      // every tick keeps them ahead: the day after the last one is made the next day, once
      expect(await ensureSamplePartitions(t.app.db, now + DAY)).toBe(1);
      expect(await ensureSamplePartitions(t.app.db, now + DAY)).toBe(0);
      expect(await exists(samplePartitionName(day(PARTITION_AHEAD_DAYS + 1)))).toBe(true);
    } else {
      const { rows } = await sql<{ type: string }>`select type from sqlite_master where name = 'samples'`.execute(
        t.app.db,
      );
      expect(rows).toEqual([{ type: 'table' }]);
    }
  });

  it('stores samples at the edge of a day in that day, late samples of a kept day in theirs', async () => {
    // days -10 to -7 as if the job had made them then
    if (pg) expect(await ensureSamplePartitions(t.app.db, day(-10) + HOUR)).toBe(4);
    await send(day(-10) + HOUR, 1);
    await send(day(-9) + HOUR, 2);
    await send(day(-7) - 1, 3); // the last millisecond of day -8
    await send(day(-7), 4); // the first of day -7
    await send(day(2) - 1, 5);
    await send(day(2), 6);
    expect(await stored()).toEqual([day(-10) + HOUR, day(-9) + HOUR, day(-7) - 1, day(-7), day(2) - 1, day(2)]);
    if (pg)
      expect(await partitionOf()).toEqual({
        [day(-10) + HOUR]: samplePartitionName(day(-10)),
        [day(-9) + HOUR]: samplePartitionName(day(-9)),
        [day(-7) - 1]: samplePartitionName(day(-8)),
        [day(-7)]: samplePartitionName(day(-7)),
        [day(2) - 1]: samplePartitionName(day(1)),
        [day(2)]: samplePartitionName(day(2)),
      });
  });

  it('keeps a sample sent ahead of its day’s partition, and moves it in when the day is made', async () => {
    await send(day(20) + HOUR, 7);
    if (pg) {
      expect((await partitionOf())[day(20) + HOUR]).toBe('samples_default');
      await ensureSamplePartitions(t.app.db, day(20));
      expect((await partitionOf())[day(20) + HOUR]).toBe(samplePartitionName(day(20)));
      expect(await countIn('samples_default')).toBe(0);
    }
    expect(await stored()).toContain(day(20) + HOUR);
  });

  it('removes the days past the retention (PostgreSQL: their partitions dropped whole), the other days untouched', async () => {
    const page = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/photo_voltaic/data/samples?deviceId=${device}&start=${day(-8)}&end=${day(3)}&pageNum=1&pageSize=50`,
          headers: { 'x-token': token },
        })
      ).json().data;
    const before = await page();
    expect(before.rows.map((r: { ts: number }) => r.ts)).toEqual([day(2), day(2) - 1, day(-7), day(-7) - 1]);
    const kept = pg
      ? {
          [samplePartitionName(day(-8))]: await countIn(samplePartitionName(day(-8))),
          [samplePartitionName(day(-7))]: await countIn(samplePartitionName(day(-7))),
          [samplePartitionName(day(1))]: await countIn(samplePartitionName(day(1))),
        }
      : {};

    // retention 8 days: days -10 and -9 are past it; day -8 is kept until all of it is (a run
    // touches only what was received by its start: run at the real time)
    const run = await runArchive(t.app.db, Date.now(), { force: true });
    expect(run).toEqual({ pruned: 2, file: null });
    expect(await stored()).toEqual([day(-7) - 1, day(-7), day(2) - 1, day(2), day(20) + HOUR]);
    expect(await page()).toEqual(before);
    if (pg) {
      expect(await exists(samplePartitionName(day(-10)))).toBe(false);
      expect(await exists(samplePartitionName(day(-9)))).toBe(false);
      const { rows } = await sql<{ name: string }>`
        select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'samples'::regclass`.execute(t.app.db);
      const names = rows.map((r) => r.name);
      expect(names).not.toContain(samplePartitionName(day(-10)));
      expect(names).not.toContain(samplePartitionName(day(-9)));
      for (const [name, n] of Object.entries(kept)) expect(await countIn(name)).toBe(n);
      const cfg = await t.app.db
        .selectFrom('archive_config')
        .select('pruned_before')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      expect(Number(cfg.pruned_before)).toBe(day(-8));
    }
  });

  it('does not keep a late sample of a day past the retention', async () => {
    await send(day(-9) + 2 * HOUR, 8);
    // PostgreSQL: its day is gone, the default partition holds it until the next run
    if (pg) expect((await partitionOf())[day(-9) + 2 * HOUR]).toBe('samples_default');
    expect(await runArchive(t.app.db, Date.now(), { force: true })).toEqual({ pruned: 1, file: null });
    expect(await stored()).not.toContain(day(-9) + 2 * HOUR);
    if (pg) expect(await countIn('samples_default')).toBe(0);
  });
});

describe('the migration to day partitions', () => {
  it('moves the rows of a plain samples table into their days, keeping the key and the indexes', async () => {
    const migration = migrations['202611271100_samples_partitions']!;
    await t.app.db.deleteFrom('samples').execute();
    // back to the plain table the earlier migrations made (SQLite: it is one already)
    await migration.down!(t.app.db);
    if (pg) {
      const { rows } = await sql<{ kind: string }>`
        select relkind as kind from pg_class where oid = 'samples'::regclass`.execute(t.app.db);
      expect(rows[0]!.kind).toBe('r');
    }
    // retention 8 days: day -40 is past it, day 10 beyond the days made ahead
    const at = [day(-40), day(-5) + HOUR, day(-1) + HOUR, today + HOUR, day(10)];
    await t.app.db
      .insertInto('samples')
      .values(at.map((ts, i) => ({ device_id: device, ts, points: `{"acPower":${i}}`, received_at: now })))
      .execute();
    await migration.up(t.app.db);

    expect(await stored()).toEqual(at);
    if (pg) {
      expect(await partitionOf()).toEqual({
        [day(-40)]: 'samples_default',
        [day(-5) + HOUR]: samplePartitionName(day(-5)),
        [day(-1) + HOUR]: samplePartitionName(day(-1)),
        [today + HOUR]: samplePartitionName(today),
        [day(10)]: 'samples_default',
      });
      const names = (await samplePartitions(t.app.db)).map((p) => p.name);
      for (let d = 0; d <= PARTITION_AHEAD_DAYS; d++) expect(names).toContain(samplePartitionName(day(d)));
      expect(names).not.toContain(samplePartitionName(day(-40)));
      const { rows } = await sql<{ def: string }>`
        select pg_get_constraintdef(oid) as def from pg_constraint where conrelid = 'samples'::regclass and contype = 'p'`.execute(
        t.app.db,
      );
      expect(rows).toEqual([{ def: 'PRIMARY KEY (device_id, ts)' }]);
      // a repeated (device, ts) is still stored once
      await send(today + HOUR, 99);
      expect(await countIn(samplePartitionName(today))).toBe(1);
      // the next run prunes what the migration left in the default partition past the retention
      expect(await runArchive(t.app.db, Date.now(), { force: true })).toEqual({ pruned: 1, file: null });
      expect(await stored()).toEqual(at.slice(1));
    }
  });
});

describe('a server start', () => {
  it('makes the partitions of today and the days ahead that are missing (PostgreSQL)', async () => {
    const before = await stored();
    const ahead = samplePartitionName(day(PARTITION_AHEAD_DAYS));
    if (pg) {
      await sql`drop table ${sql.id(ahead)}`.execute(t.app.db);
      expect(await exists(ahead)).toBe(false);
    }
    await t.reopen();
    await t.app.ready(); // as listen() does when a server starts
    if (pg) expect(await exists(ahead)).toBe(true);
    expect(await stored()).toEqual(before);
  });
});
