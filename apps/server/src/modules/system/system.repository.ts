import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database } from '../../db/database.js';
import { contains } from '../../lib/like.js';

type Db = Kysely<Database>;
type MqttConfig = Database['mqtt_configs'];

/** One page of endpoint records, filtered by country. */
export async function listMqttConfigs(db: Db, country: string | undefined, limit: number, offset: number) {
  let q = db.selectFrom('mqtt_configs');
  if (country) q = q.where(contains('country', country));
  const [{ total }, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    q.selectAll().orderBy('id').limit(limit).offset(offset).execute(),
  ]);
  return { rows, total: Number(total) };
}

export async function insertMqttConfig(db: Db, values: Insertable<MqttConfig>) {
  const { id } = await db.insertInto('mqtt_configs').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Whether a record with this id was there to update. */
export async function updateMqttConfig(db: Db, id: number, values: Updateable<MqttConfig>) {
  const res = await db.updateTable('mqtt_configs').set(values).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Whether a record with this id was there to delete. */
export async function deleteMqttConfig(db: Db, id: number) {
  const res = await db.deleteFrom('mqtt_configs').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** The one archive configuration row. */
export function archiveConfig(db: Db) {
  return db.selectFrom('archive_config').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

export async function updateArchiveConfig(db: Db, values: Updateable<Database['archive_config']>) {
  await db.updateTable('archive_config').set(values).where('id', '=', 1).execute();
}

/** Up to `limit` devices (id, SN) after id `after`, in id order. */
export function devicesAfter(db: Db, after: number, limit: number) {
  return db.selectFrom('devices').select(['id', 'sn']).where('id', '>', after).orderBy('id').limit(limit).execute();
}

/**
 * Up to `limit` raw samples of a device before `cutoff` received by `receivedBy`, in time order
 * after `from` (a keyset read).
 */
export function samplesBefore(
  db: Db,
  deviceId: number,
  { cutoff, receivedBy, from, limit }: { cutoff: number; receivedBy: number; from?: number; limit: number },
) {
  let q = db
    .selectFrom('samples')
    .select(['ts', 'points'])
    .where('device_id', '=', deviceId)
    .where('ts', '<', cutoff)
    .where('received_at', '<=', receivedBy);
  if (from !== undefined) q = q.where('ts', '>', from);
  return q.orderBy('ts').limit(limit).execute();
}

/**
 * Deletes at most about `batch` of a device's samples before `cutoff` received by `receivedBy`
 * (the oldest first); answers how many went and whether more remain.
 */
export async function deleteSamplesBatch(
  db: Db,
  deviceId: number,
  { cutoff, receivedBy, batch }: { cutoff: number; receivedBy: number; batch: number },
) {
  const bound = await db
    .selectFrom('samples')
    .select('ts')
    .where('device_id', '=', deviceId)
    .where('ts', '<', cutoff)
    .orderBy('ts')
    .offset(batch)
    .limit(1)
    .executeTakeFirst();
  const res = await db
    .deleteFrom('samples')
    .where('device_id', '=', deviceId)
    .where('ts', '<', bound ? Number(bound.ts) : cutoff)
    .where('received_at', '<=', receivedBy)
    .executeTakeFirst();
  return { deleted: Number(res.numDeletedRows), more: bound !== undefined };
}

/* PostgreSQL: raw samples are range-partitioned by ts, one partition per UTC day (docs/operations.md). */

const DAY = 86_400_000;
/** The PostgreSQL error of a lock not had within lock_timeout, and of a table that exists already. */
const LOCK_NOT_AVAILABLE = '55P03';
const DUPLICATE_TABLE = '42P07';
/** How long partition changes wait for their lock before leaving it to the next run (ingest and reads go on). */
const PARTITION_LOCK_TIMEOUT = '5s';

const pgCode = (err: unknown) => (err as { code?: string }).code;

/** samples_pYYYYMMDD: the partition of the UTC day starting at `from` (epoch ms). */
export const samplePartitionName = (from: number) =>
  `samples_p${new Date(from).toISOString().slice(0, 10).replace(/-/g, '')}`;

/** The day partitions of samples: name and range [from, to) in epoch ms (the default partition is not listed). */
export async function samplePartitions(db: Db): Promise<{ name: string; from: number; to: number }[]> {
  const { rows } = await sql<{ name: string; bound: string }>`
    select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'samples'::regclass`.execute(db);
  const days: { name: string; from: number; to: number }[] = [];
  for (const { name, bound } of rows) {
    const m = /FROM \('?(-?\d+)'?\) TO \('?(-?\d+)'?\)/.exec(bound);
    if (m) days.push({ name, from: Number(m[1]), to: Number(m[2]) });
  }
  return days.sort((a, b) => a.from - b.from);
}

/**
 * Creates the partition of the UTC day starting at `from`. Rows the default partition caught for
 * that day (sent ahead of their partition) move into it. Answers false when the lock was not had
 * in time or another process made it first (the next run tries again / nothing to do).
 */
export async function createSamplePartition(db: Db, from: number): Promise<boolean> {
  const name = samplePartitionName(from);
  try {
    await db.transaction().execute(async (trx) => {
      await sql`set local lock_timeout = ${sql.lit(PARTITION_LOCK_TIMEOUT)}`.execute(trx);
      // no insert may reach the default partition between the move and the new partition
      await sql`lock table samples in access exclusive mode`.execute(trx);
      const { rows } = await sql<{ one: number }>`
        select 1 as one from samples_default where ts >= ${from}::bigint and ts < ${from + DAY}::bigint limit 1`.execute(
        trx,
      );
      if (rows.length) {
        await sql`create temp table samples_moving (like samples) on commit drop`.execute(trx);
        await sql`
          with moved as (delete from samples_default where ts >= ${from}::bigint and ts < ${from + DAY}::bigint returning *)
          insert into samples_moving select * from moved`.execute(trx);
      }
      await sql`create table ${sql.id(name)} partition of samples for values from (${sql.lit(from)}) to (${sql.lit(from + DAY)})`.execute(
        trx,
      );
      if (rows.length) await sql`insert into samples select * from samples_moving`.execute(trx);
    });
    return true;
  } catch (err) {
    if (pgCode(err) === LOCK_NOT_AVAILABLE || pgCode(err) === DUPLICATE_TABLE) return false;
    throw err;
  }
}

/*
 * Setting aside: samples past the retention leave `samples` atomically before they are filed and
 * dropped, so a sample that arrives meanwhile lands where a later run finds it (the default
 * partition) instead of in a table about to be dropped. A set-aside table is an ordinary table
 * named samples_archiving_…; one a crashed run left is filed and dropped by the next.
 */

const SET_ASIDE_PREFIX = 'samples_archiving_';
const UNDEFINED_TABLE = '42P01';

/**
 * Detaches a day partition from `samples` and renames it samples_archiving_pYYYYMMDD (one
 * transaction: a late sample of that day goes to the default partition from then on). Answers
 * the set-aside table's name, or null when the lock was not had in time (the next run tries again).
 */
export async function setAsideSamplePartition(db: Db, name: string): Promise<string | null> {
  const aside = `${SET_ASIDE_PREFIX}${name.replace(/^samples_/, '')}`;
  try {
    await db.transaction().execute(async (trx) => {
      await sql`set local lock_timeout = ${sql.lit(PARTITION_LOCK_TIMEOUT)}`.execute(trx);
      await sql`alter table samples detach partition ${sql.id(name)}`.execute(trx);
      await sql`alter table ${sql.id(name)} rename to ${sql.id(aside)}`.execute(trx);
    });
  } catch (err) {
    if (pgCode(err) === LOCK_NOT_AVAILABLE) return null;
    throw err;
  }
  return aside;
}

/**
 * Moves the default partition's samples before `cutoff` (late samples of days already set aside
 * or dropped) into a new table samples_archiving_default_<tag>, in one statement: a sample
 * inserted meanwhile stays in the default partition for the next run (`tag`: unique per run).
 * Answers the table's name,
 * or null when there was nothing to move.
 */
export async function setAsideDefaultSamples(db: Db, cutoff: number, tag: string): Promise<string | null> {
  const aside = `${SET_ASIDE_PREFIX}default_${tag}`;
  const moved = await db.transaction().execute(async (trx) => {
    await sql`create table ${sql.id(aside)} (like samples)`.execute(trx);
    const res = await sql`
      with moved as (delete from samples_default where ts < ${cutoff}::bigint returning *)
      insert into ${sql.id(aside)} select * from moved`.execute(trx);
    const n = Number(res.numAffectedRows ?? 0);
    if (n) await sql`alter table ${sql.id(aside)} add primary key (device_id, ts)`.execute(trx);
    else await sql`drop table ${sql.id(aside)}`.execute(trx);
    return n;
  });
  return moved ? aside : null;
}

/** The set-aside tables (this run's and any an interrupted run left), days first. */
export async function setAsideSampleTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select tablename as name from pg_tables
    where schemaname = current_schema() and starts_with(tablename, ${SET_ASIDE_PREFIX})`.execute(db);
  const day = (n: string) => n.startsWith(`${SET_ASIDE_PREFIX}p`);
  return rows.map((r) => r.name).sort((a, b) => Number(day(b)) - Number(day(a)) || a.localeCompare(b));
}

/**
 * Up to `limit` samples of a set-aside table with their device's SN, in (device, time) order
 * after `after` (a keyset read). Samples of a device deleted meanwhile are left out.
 */
export async function setAsideSamplesPage(
  db: Db,
  table: string,
  after: { deviceId: number; ts: number } | null,
  limit: number,
) {
  const from = after ? sql`where (s.device_id, s.ts) > (${after.deviceId}, ${after.ts}::bigint)` : sql``;
  const { rows } = await sql<{ device_id: number; ts: string; points: string; sn: string }>`
    select s.device_id, s.ts, s.points, d.sn from ${sql.id(table)} s join devices d on d.id = s.device_id
    ${from} order by s.device_id, s.ts limit ${limit}`.execute(db);
  return rows;
}

/**
 * Drops a set-aside table; answers the rows it held (nothing writes to it any more, so the count
 * is exact), or null when its lock was not had in time. A table already gone counts 0.
 */
export async function dropSetAsideSamples(db: Db, table: string): Promise<number | null> {
  try {
    return await db.transaction().execute(async (trx) => {
      await sql`set local lock_timeout = ${sql.lit(PARTITION_LOCK_TIMEOUT)}`.execute(trx);
      const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.id(table)}`.execute(trx);
      await sql`drop table ${sql.id(table)}`.execute(trx);
      return Number(rows[0]!.n);
    });
  } catch (err) {
    if (pgCode(err) === LOCK_NOT_AVAILABLE) return null;
    if (pgCode(err) === UNDEFINED_TABLE) return 0;
    throw err;
  }
}

/*
 * SQLite, medium "file": the keys of the samples a run wrote to its file, in a TEMP table of the
 * run's connection (the API's; the ingest writes through a connection of its own). After the file
 * is synced exactly these are deleted, whatever the received_at stamps of samples stored meanwhile.
 * A crash takes the table with it before anything was deleted: the next run files those samples again.
 */

/** Makes the (empty) key table of a run, named `name` (unique per run: two runs never share one). */
export async function createFiledKeys(db: Db, name: string): Promise<void> {
  await sql`create temp table ${sql.id(name)} (device_id integer not null, ts bigint not null, primary key (device_id, ts)) without rowid`.execute(
    db,
  );
}

/** Records samples of a device as written to the file (their ts, one statement for the page). */
export async function recordFiledKeys(db: Db, name: string, deviceId: number, ts: number[]): Promise<void> {
  if (!ts.length) return;
  await sql`insert or ignore into ${sql.table(`temp.${name}`)} (device_id, ts) select ${deviceId}, value from json_each(${JSON.stringify(ts)})`.execute(
    db,
  );
}

/** The devices with samples in the key table. */
export async function filedKeyDevices(db: Db, name: string): Promise<number[]> {
  const { rows } = await sql<{ device_id: number }>`
    select distinct device_id from ${sql.table(`temp.${name}`)} order by device_id`.execute(db);
  return rows.map((r) => Number(r.device_id));
}

/**
 * Deletes the next `batch` filed samples of a device (ts after `after`, in ts order), only those
 * whose keys are in the table; answers how many went and the last ts of the batch (null: none left).
 */
export async function deleteFiledBatch(
  db: Db,
  name: string,
  deviceId: number,
  after: number | null,
  batch: number,
): Promise<{ deleted: number; last: number | null }> {
  const keys = sql.table(`temp.${name}`);
  const { rows } = await sql<{ ts: number | string }>`
    select ts from ${keys} where device_id = ${deviceId} ${after === null ? sql`` : sql`and ts > ${after}`}
    order by ts limit ${sql.lit(batch)}`.execute(db);
  if (!rows.length) return { deleted: 0, last: null };
  const first = Number(rows[0]!.ts);
  const last = Number(rows[rows.length - 1]!.ts);
  const res = await sql`
    delete from samples where device_id = ${deviceId} and ts between ${first} and ${last}
      and ts in (select ts from ${keys} where device_id = ${deviceId} and ts between ${first} and ${last})`.execute(db);
  return { deleted: Number(res.numAffectedRows ?? 0), last: rows.length < batch ? null : last };
}

/** Drops a run's key table (gone already: nothing to do). */
export async function dropFiledKeys(db: Db, name: string): Promise<void> {
  await sql`drop table if exists ${sql.table(`temp.${name}`)}`.execute(db);
}
