import type { faultQuery, FaultRow } from '@pv/contract';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.js';
import { inScope } from '../../lib/scope.js';
import type { SessionUser } from '../../lib/types.js';

type FaultQuery = z.infer<typeof faultQuery>;

/**
 * Faults of the devices in the caller's data scope, or of any device with 'plant checked' (a
 * plant's fault list, whose service has checked that the caller sees the plant).
 */
function base(db: Kysely<Database>, scope: SessionUser | 'plant checked') {
  const q = db
    .selectFrom('faults as f')
    .innerJoin('devices as d', 'd.id', 'f.device_id')
    .innerJoin('orgs as o', 'o.id', 'd.org_id')
    .leftJoin('plants as p', 'p.id', 'd.plant_id');
  return scope === 'plant checked' ? q : q.where(inScope(scope, 'o'));
}

type Filters = Omit<FaultQuery, 'pageNum' | 'pageSize' | 'days'> & { openedSince?: number };

/** One page of faults, newest first. */
export async function listFaults(
  db: Kysely<Database>,
  scope: SessionUser | 'plant checked',
  f: Filters,
  limit: number,
  offset: number,
) {
  let q = base(db, scope);
  if (f.state) q = q.where('f.state', '=', f.state);
  if (f.code) q = q.where('f.code', '=', f.code);
  if (f.sn) q = q.where('d.sn', 'like', `%${f.sn}%`);
  if (f.openedSince !== undefined) q = q.where('f.opened_at', '>=', f.openedSince);
  if (f.plantId) q = q.where('d.plant_id', '=', f.plantId);
  const [{ total }, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    q
      .select([
        'f.id',
        'f.device_id',
        'd.sn',
        'd.name as device_name',
        'f.plant_id',
        'p.name as plant_name',
        'p.time_zone',
        'f.code',
        'f.severity',
        'f.processing',
        'f.occurrences',
        'f.last_seen_at',
        'f.recovered_at',
        'f.handled_at',
        'f.message',
        'f.state',
        'f.opened_at',
        'f.fixed_at',
      ])
      .orderBy('f.opened_at', 'desc')
      .orderBy('f.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  const toRow = (r: (typeof rows)[number]): FaultRow => ({
    id: r.id,
    deviceId: r.device_id,
    sn: r.sn,
    deviceName: r.device_name,
    plantId: r.plant_id,
    plantName: r.plant_name,
    plantTimeZone: r.time_zone,
    code: r.code,
    title: r.message ?? r.code,
    message: r.message,
    severity: r.severity,
    state: r.state,
    processing: r.processing,
    occurrences: Number(r.occurrences),
    openedAt: Number(r.opened_at),
    lastSeenAt: Number(r.last_seen_at),
    recoveredAt: r.recovered_at === null ? null : Number(r.recovered_at),
    fixedAt: r.fixed_at === null ? null : Number(r.fixed_at),
    handledBy: null,
    handledAt: r.handled_at === null ? null : Number(r.handled_at),
    durationMs: (r.fixed_at === null ? Date.now() : Number(r.fixed_at)) - Number(r.opened_at),
  });
  return { rows: rows.map(toRow), total: Number(total) };
}

/** A fault of the caller's scope. */
export function findFault(db: Kysely<Database>, me: SessionUser, id: number) {
  return base(db, me).select(['f.id', 'f.state', 'f.device_id']).where('f.id', '=', id).executeTakeFirst();
}

export async function markFixed(db: Transaction<Database>, id: number, at: number) {
  await db.updateTable('faults').set({ state: 'fixed', fixed_at: at }).where('id', '=', id).execute();
}

export async function hasOpenFault(db: Transaction<Database>, deviceId: number) {
  const open = await db
    .selectFrom('faults')
    .select('id')
    .where('device_id', '=', deviceId)
    .where('state', '=', 'unrepaired')
    .executeTakeFirst();
  return open !== undefined;
}

/** A device in failure runs normally again. */
export async function clearFailure(db: Transaction<Database>, deviceId: number) {
  await db
    .updateTable('devices')
    .set({ run_state: 'normal' })
    .where('id', '=', deviceId)
    .where('run_state', '=', 'failure')
    .execute();
}
