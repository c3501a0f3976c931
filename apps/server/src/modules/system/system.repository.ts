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

/** Drops a day partition whole; answers the rows it held, or null when its lock was not had in time. */
export async function dropSamplePartition(db: Db, name: string): Promise<number | null> {
  // counted before the drop, outside its lock (ingest and reads go on meanwhile)
  const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.id(name)}`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql`set local lock_timeout = ${sql.lit(PARTITION_LOCK_TIMEOUT)}`.execute(trx);
      await sql`drop table ${sql.id(name)}`.execute(trx);
    });
  } catch (err) {
    if (pgCode(err) === LOCK_NOT_AVAILABLE) return null;
    throw err;
  }
  return Number(rows[0]!.n);
}

/** Deletes the default partition's samples before `cutoff` received by `receivedBy` (late samples of dropped days). */
export async function pruneDefaultSamples(db: Db, cutoff: number, receivedBy: number): Promise<number> {
  const res =
    await sql`delete from samples_default where ts < ${cutoff}::bigint and received_at <= ${receivedBy}::bigint`.execute(
      db,
    );
  return Number(res.numAffectedRows ?? 0);
}
