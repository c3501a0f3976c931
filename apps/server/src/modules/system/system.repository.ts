import type { Insertable, Kysely, Updateable } from 'kysely';
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
