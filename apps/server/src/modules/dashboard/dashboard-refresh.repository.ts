import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { OrgDailyEnergyTable, OrgSnapshotTable, OrgZoneDailyEnergyTable } from './dashboard.tables.js';
import { jsonField, type DialectName } from '../../db/dialect.js';

/**
 * The dashboard rollup job's reads and writes (dashboard.refresh.ts decides what to refresh when).
 * Reads over devices take a range of device ids, `lo` included and `hi` excluded, so the job can
 * go through a large fleet a slice at a time.
 */

/** statements stay well below the databases' limits on bound parameters */
const WRITE_CHUNK = 200;

/** The highest device id (0 without devices). */
export async function maxDeviceId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('devices')
    .select((eb) => eb.fn.max<number>('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/**
 * Per organisation, over the devices of the id range: the power of the online inverters that
 * reported points, and the offline devices last online at `offlineSince` or later.
 */
export function orgDeviceFigures(
  db: Kysely<Database>,
  dialect: DialectName,
  lo: number,
  hi: number,
  offlineSince: number,
) {
  const acPower = jsonField(dialect, 'd.last_points', 'acPower', 'number');
  return db
    .selectFrom('devices as d')
    .select((eb) => [
      'd.org_id',
      eb.fn
        .sum<number>(
          sql`case when d.online_state = 'online' and d.type = 'inverter' and d.last_points is not null then coalesce(${acPower}, 0) else 0 end`,
        )
        .as('power'),
      eb.fn
        .sum<number>(
          sql`case when d.online_state = 'offline' and d.last_online_at >= ${offlineSince} then 1 else 0 end`,
        )
        .as('offline'),
    ])
    .where('d.id', '>=', lo)
    .where('d.id', '<', hi)
    .groupBy('d.org_id')
    .execute();
}

/** Per organisation: the faults opened at `since` or later. */
export function orgFaultCounts(db: Kysely<Database>, since: number) {
  return db
    .selectFrom('faults as f')
    .innerJoin('devices as d', 'd.id', 'f.device_id')
    .select((eb) => ['d.org_id', eb.fn.countAll<number>().as('n')])
    .where('f.opened_at', '>=', since)
    .groupBy('d.org_id')
    .execute();
}

/** Every organisation's snapshot figures, as the previous refresh wrote them. */
export function orgSnapshotFigures(db: Kysely<Database>) {
  return db.selectFrom('org_snapshot').select(['org_id', 'power_w', 'devices_offline', 'faults']).execute();
}

/** Inserts or replaces organisations' snapshots (call it in a transaction: several statements). */
export async function upsertOrgSnapshots(trx: Transaction<Database>, rows: OrgSnapshotTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += WRITE_CHUNK) {
    await trx
      .insertInto('org_snapshot')
      .values(rows.slice(i, i + WRITE_CHUNK))
      .onConflict((oc) =>
        oc.column('org_id').doUpdateSet((eb) => ({
          power_w: eb.ref('excluded.power_w'),
          devices_offline: eb.ref('excluded.devices_offline'),
          faults: eb.ref('excluded.faults'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}

/**
 * Adds one power reading per organisation to its 5-minute `bucket`: the bucket's power is the
 * average of the readings taken in it (call it in a transaction: several statements).
 */
export async function addOrgPowerReadings(
  trx: Transaction<Database>,
  bucket: number,
  rows: { org_id: number; power_w: number }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += WRITE_CHUNK) {
    await trx
      .insertInto('org_power_5m')
      .values(rows.slice(i, i + WRITE_CHUNK).map((v) => ({ org_id: v.org_id, bucket, power_w: v.power_w, n: 1 })))
      .onConflict((oc) =>
        oc.columns(['org_id', 'bucket']).doUpdateSet((eb) => ({
          power_w: sql<number>`(${eb.ref('org_power_5m.power_w')} * ${eb.ref('org_power_5m.n')} + ${eb.ref('excluded.power_w')}) / (${eb.ref('org_power_5m.n')} + 1)`,
          n: sql<number>`${eb.ref('org_power_5m.n')} + 1`,
        })),
      )
      .execute();
  }
}

/** Drops the snapshots written before `before` (organisations without devices or faults any more). */
export async function deleteOrgSnapshotsBefore(trx: Transaction<Database>, before: number): Promise<void> {
  await trx.deleteFrom('org_snapshot').where('updated_at', '<', before).execute();
}

/** Drops the power buckets older than `before`. */
export async function deleteOrgPowerBefore(trx: Transaction<Database>, before: number): Promise<void> {
  await trx.deleteFrom('org_power_5m').where('bucket', '<', before).execute();
}

/** The plants (with their organisation) of the devices online after `since`. */
export function plantsReportedSince(db: Kysely<Database>, since: number) {
  return db
    .selectFrom('devices')
    .select(['plant_id', 'org_id'])
    .distinct()
    .where('last_online_at', '>', since)
    .where('plant_id', 'is not', null)
    .execute();
}

/** The highest fault id (0 without faults). */
export async function maxFaultId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('faults')
    .select((eb) => eb.fn.max<number>('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The faults after the id `after`, in id order, with their device's organisation and plant. */
export function faultsAfter(db: Kysely<Database>, after: number) {
  return db
    .selectFrom('faults as f')
    .innerJoin('devices as d', 'd.id', 'f.device_id')
    .select(['f.id', 'd.org_id', 'd.plant_id'])
    .where('f.id', '>', after)
    .orderBy('f.id')
    .execute();
}

/** Whether org_zone_daily_energy holds any row (the first energy refresh sums all history). */
export async function hasOrgDailyEnergy(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('org_zone_daily_energy').select('org_id').limit(1).executeTakeFirst()) !== undefined;
}

/** The time zones of the plants. */
export async function plantTimeZones(db: Kysely<Database>): Promise<string[]> {
  return (await db.selectFrom('plants').select('time_zone').distinct().execute()).map((r) => r.time_zone);
}

/**
 * Per organisation, plant time zone and day: the production of the plants of the organisation, from the inverters
 * of the id range bound to them (device_daily; a battery's counter is throughput, not production),
 * over the given `days` and / or from the day `from` on. By the plant's organisation, so an
 * organisation's figures are the sums of its plants'.
 */
export function orgInverterEnergy(
  db: Kysely<Database>,
  lo: number,
  hi: number,
  { days, from }: { days?: string[]; from?: string },
) {
  let q = db
    .selectFrom('device_daily as dd')
    .innerJoin('devices as d', 'd.id', 'dd.device_id')
    .innerJoin('plants as p', 'p.id', 'd.plant_id')
    .select((eb) => ['p.org_id', 'p.time_zone', 'dd.day', eb.fn.sum<number>('dd.energy_kwh').as('energy_kwh')])
    .where('d.type', '=', 'inverter')
    .where('d.id', '>=', lo)
    .where('d.id', '<', hi)
    .groupBy(['p.org_id', 'p.time_zone', 'dd.day']);
  if (days) q = q.where('dd.day', 'in', days);
  if (from) q = q.where('dd.day', '>=', from);
  return q.execute();
}

/** Per organisation, plant time zone and day: the production its plants keep of inverters that left them (plant_retired_energy). */
export function orgRetiredEnergy(db: Kysely<Database>, { days, from }: { days?: string[]; from?: string }) {
  let q = db
    .selectFrom('plant_retired_energy as r')
    .innerJoin('plants as p', 'p.id', 'r.plant_id')
    .select((eb) => ['p.org_id', 'p.time_zone', 'r.day', eb.fn.sum<number>('r.energy_kwh').as('energy_kwh')])
    .groupBy(['p.org_id', 'p.time_zone', 'r.day']);
  if (days) q = q.where('r.day', 'in', days);
  if (from) q = q.where('r.day', '>=', from);
  return q.execute();
}

/** Inserts or replaces production per organisation and day (call it in a transaction: several statements). */
export async function upsertOrgDailyEnergy(trx: Transaction<Database>, rows: OrgDailyEnergyTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += WRITE_CHUNK) {
    await trx
      .insertInto('org_daily_energy')
      .values(rows.slice(i, i + WRITE_CHUNK))
      .onConflict((oc) =>
        oc.columns(['org_id', 'day']).doUpdateSet((eb) => ({
          energy_kwh: eb.ref('excluded.energy_kwh'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}

/** Inserts or replaces production per organisation, plant time zone and day (in a transaction). */
export async function upsertOrgZoneDailyEnergy(
  trx: Transaction<Database>,
  rows: OrgZoneDailyEnergyTable[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += WRITE_CHUNK) {
    await trx
      .insertInto('org_zone_daily_energy')
      .values(rows.slice(i, i + WRITE_CHUNK))
      .onConflict((oc) =>
        oc.columns(['org_id', 'day', 'time_zone']).doUpdateSet((eb) => ({
          energy_kwh: eb.ref('excluded.energy_kwh'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}

/** Removes the production per organisation and zone of `days` (they are written again). */
export async function deleteOrgZoneDailyEnergy(trx: Transaction<Database>, days: string[]): Promise<void> {
  if (days.length) await trx.deleteFrom('org_zone_daily_energy').where('day', 'in', days).execute();
}
