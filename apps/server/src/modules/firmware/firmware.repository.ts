import type { DeviceType } from '@pv/contract';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { jsonField, type DialectName } from '../../db/dialect.js';

type Db = Kysely<Database>;

/** One page of firmware versions, newest first. */
export async function listFirmware(db: Db, deviceType: DeviceType | undefined, limit: number, offset: number) {
  let q = db.selectFrom('firmware');
  if (deviceType) q = q.where('device_type', '=', deviceType);
  const [{ total }, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
  ]);
  return { rows, total: Number(total) };
}

export function findFirmware(db: Db, id: number) {
  return db.selectFrom('firmware').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether this device type already has this version. */
export async function versionTaken(db: Db, deviceType: string, version: string) {
  const row = await db
    .selectFrom('firmware')
    .select('id')
    .where('device_type', '=', deviceType)
    .where('version', '=', version)
    .executeTakeFirst();
  return row !== undefined;
}

export function insertFirmware(db: Db, values: Insertable<Database['firmware']>) {
  return db.insertInto('firmware').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Sets a version's release notes; answers whether it exists. */
export async function setReleaseNotes(db: Db, id: number, releaseNotes: string | null) {
  const res = await db
    .updateTable('firmware')
    .set({ release_notes: releaseNotes })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function deleteFirmware(db: Db, id: number) {
  await db.deleteFrom('firmware').where('id', '=', id).execute();
}

/** Whether a firmware version still uses this stored file (versions with the same content share it). */
export async function fileInUse(db: Db, filePath: string) {
  return (
    (await db.selectFrom('firmware').select('id').where('file_path', '=', filePath).executeTakeFirst()) !== undefined
  );
}

/** A sub device of the collector `parentId`, by SN. */
export function subDevice(db: Db, parentId: number, sn: string) {
  return db
    .selectFrom('devices')
    .select(['id', 'sn', 'type'])
    .where('sn', '=', sn)
    .where('parent_id', '=', parentId)
    .executeTakeFirst();
}

/**
 * The OTA progress events of a device, newest first; for a sub device also those of its
 * collector's OTA commands aimed at its SN (the collector reports the progress for it).
 */
export function otaEvents(
  db: Db,
  dialect: DialectName,
  device: { id: number; sn: string; parent_id: number | null },
  limit: number,
) {
  const subSn = jsonField(dialect, 'c.params', 'subSn', 'text');
  const parentId = device.parent_id;
  return db
    .selectFrom('ota_events as e')
    .leftJoin('commands as c', 'c.cmd_id', 'e.cmd_id')
    .select(['e.cmd_id', 'e.version', 'e.progress', 'e.ts', 'c.status'])
    .where((eb) =>
      parentId === null
        ? eb('e.device_id', '=', device.id)
        : eb.or([
            eb('e.device_id', '=', device.id),
            eb.and([eb('c.device_id', '=', parentId), eb('c.kind', '=', 'ota'), eb(subSn, '=', device.sn)]),
          ]),
    )
    .orderBy('e.ts', 'desc')
    .limit(limit)
    .execute();
}
