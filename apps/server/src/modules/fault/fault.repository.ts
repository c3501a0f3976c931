import {
  FAULT_SEVERITIES,
  faultCodeTextFor,
  type FaultCodeTexts,
  type FaultEvent,
  type FaultFilters,
  type FaultProcessing,
  type FaultRow,
  type FaultSeverity,
} from '@pv/contract';
import { sql, type Kysely, type SqlBool, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { FaultsTable } from './fault.tables.js';
import { inScope } from '../../lib/scope.js';
import type { SessionUser } from '../../lib/types.js';
import { contains } from '../../lib/like.js';

/**
 * The SQL of the fault list, its counts, its export, one fault with its history, the transitions
 * and the catalogue. A fault carries the plant and organisation of its device when it opened
 * (plant_id, org_id): the list filters and scopes on faults alone, and joins devices, plants and
 * users only for the rows of the page.
 */

/** A user's data scope, or 'plant checked' (a plant's fault list: its service checked the plant). */
export type FaultScope = SessionUser | 'plant checked';

/** The list's filters as the service resolved them (days → from). */
export type Filters = Omit<FaultFilters, 'days'>;

export interface Sort {
  field: 'openedAt' | 'severity';
  order: 'ascend' | 'descend';
}

/**
 * Faults the scope covers, with the filters applied, on faults f alone: the organisation is looked
 * up only for an organisation-and-below scope, the device only for the device filter.
 */
function filtered(db: Kysely<Database>, scope: FaultScope, f: Filters) {
  let q = db.selectFrom('faults as f');
  if (scope !== 'plant checked') {
    if (scope.dataScope === 'orgAndChildren')
      q = q.where(sql<SqlBool>`exists (select 1 from orgs o where o.id = f.org_id and ${inScope(scope, 'o')})`);
    else if (scope.dataScope !== 'all') q = q.where('f.org_id', '=', scope.orgId);
  }
  if (f.plantId) q = q.where('f.plant_id', '=', f.plantId);
  if (f.state) q = q.where('f.state', '=', f.state);
  if (f.processing) q = q.where('f.processing', '=', f.processing);
  if (f.severity) q = q.where('f.severity', '=', f.severity);
  if (f.code) q = q.where('f.code', '=', f.code);
  if (f.from !== undefined) q = q.where('f.opened_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('f.opened_at', '<', f.to);
  if (f.device) {
    q = q.where(
      sql<SqlBool>`f.device_id in (select d.id from devices d where ${contains('d.sn', f.device)} or ${contains('d.name', f.device)})`,
    );
  }
  if (f.sn) q = q.where(sql<SqlBool>`f.device_id in (select d.id from devices d where ${contains('d.sn', f.sn)})`);
  return q;
}

/** The columns of a row: the fault, its device, plant, last handler and catalogue texts (per row of a page). */
function withRowColumns(q: ReturnType<typeof filtered>) {
  return q
    .innerJoin('devices as d', 'd.id', 'f.device_id')
    .leftJoin('plants as p', 'p.id', 'f.plant_id')
    .leftJoin('users as u', 'u.id', 'f.handled_by')
    .select([
      'f.id',
      'f.device_id',
      'd.sn',
      'd.name as device_name',
      'd.product_id',
      'f.plant_id',
      'p.name as plant_name',
      'p.time_zone',
      'f.code',
      'f.message',
      'f.severity',
      'f.state',
      'f.processing',
      'f.occurrences',
      'f.opened_at',
      'f.last_seen_at',
      'f.recovered_at',
      'f.fixed_at',
      'u.nickname as handled_by_name',
      'f.handled_at',
    ])
    .select(
      // the product's own entry first, else the one for any product (the catalogue is small)
      sql<
        string | null
      >`(select fc.texts from fault_codes fc where fc.code = f.code and (fc.product_id = d.product_id or fc.product_id is null) order by fc.product_id is null limit 1)`.as(
        'texts',
      ),
    );
}

type RawRow = Awaited<ReturnType<ReturnType<typeof withRowColumns>['execute']>>[number];

const num = (v: number | null) => (v === null ? null : Number(v));

function parseTexts(text: string | null): FaultCodeTexts | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as FaultCodeTexts;
  } catch {
    return null;
  }
}

/** A list row in `lang`: the catalogue title, else the device's raw message, else the code. */
export function toRow(r: RawRow, lang: string, now = Date.now()): FaultRow & { suggestedAction: string | null } {
  const texts = parseTexts(r.texts);
  const text = texts && faultCodeTextFor(texts, lang);
  const openedAt = Number(r.opened_at);
  const fixedAt = num(r.fixed_at);
  return {
    id: r.id,
    deviceId: r.device_id,
    sn: r.sn,
    deviceName: r.device_name,
    plantId: r.plant_id,
    plantName: r.plant_name,
    plantTimeZone: r.time_zone,
    code: r.code,
    title: text?.title || r.message || r.code,
    message: r.message,
    severity: r.severity,
    state: r.state,
    processing: r.processing,
    occurrences: Number(r.occurrences),
    openedAt,
    lastSeenAt: Number(r.last_seen_at) || openedAt,
    recoveredAt: num(r.recovered_at),
    fixedAt,
    handledBy: r.handled_by_name,
    handledAt: num(r.handled_at),
    durationMs: Math.max(0, (fixedAt ?? now) - openedAt),
    suggestedAction: text?.action || null,
  };
}

const strip = ({ suggestedAction: _s, ...row }: ReturnType<typeof toRow>): FaultRow => row;

/** One page of faults (newest first unless sorted by severity) and the total. */
export async function listFaults(
  db: Kysely<Database>,
  scope: FaultScope,
  f: Filters,
  limit: number,
  offset: number,
  sort: Sort = { field: 'openedAt', order: 'descend' },
  lang = 'en',
): Promise<{ rows: FaultRow[]; total: number }> {
  const dir = sort.order === 'ascend' ? 'asc' : 'desc';
  let page = filtered(db, scope, f);
  // the severities' names sort as their rank (critical < major < minor < warning): the most
  // severe first ('descend') is the names ascending, and the column sorts without an expression
  page =
    sort.field === 'severity'
      ? page
          .orderBy('f.severity', dir === 'desc' ? 'asc' : 'desc')
          .orderBy('f.opened_at', 'desc')
          .orderBy('f.id', 'desc')
      : page.orderBy('f.opened_at', dir).orderBy('f.id', dir);
  // the page's ids first (on the list indexes), then their columns
  const ids = page.select('f.id').limit(limit).offset(offset);
  const [{ total }, rows] = await Promise.all([
    filtered(db, scope, f)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    withRowColumns(db.selectFrom('faults as f')).where('f.id', 'in', ids).execute(),
  ]);
  // the page's order, applied again to the joined rows (an IN list has none)
  const sorted = [...rows].sort((a, b) => {
    if (sort.field === 'severity') {
      const rank = (s: FaultSeverity) => FAULT_SEVERITIES.length - FAULT_SEVERITIES.indexOf(s);
      const d = rank(a.severity) - rank(b.severity);
      if (d) return dir === 'asc' ? d : -d;
      return Number(b.opened_at) - Number(a.opened_at) || b.id - a.id;
    }
    const d = Number(a.opened_at) - Number(b.opened_at) || a.id - b.id;
    return dir === 'asc' ? d : -d;
  });
  const now = Date.now();
  return { rows: sorted.map((r) => strip(toRow(r, lang, now))), total: Number(total) };
}

/** Per processing state, the faults matching the filters. */
export async function countByProcessing(db: Kysely<Database>, scope: FaultScope, f: Filters) {
  const rows = await filtered(db, scope, f)
    .select(['f.processing', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('f.processing')
    .execute();
  return rows.map((r) => ({ processing: r.processing, n: Number(r.n) }));
}

/** The filtered faults, newest id first, in keyset batches (the export). */
export async function* iterateFaults(db: Kysely<Database>, scope: FaultScope, f: Filters, lang: string, batch = 500) {
  for (let before: number | undefined; ;) {
    let ids = filtered(db, scope, f).select('f.id').orderBy('f.id', 'desc').limit(batch);
    if (before !== undefined) ids = ids.where('f.id', '<', before);
    const rows = await withRowColumns(db.selectFrom('faults as f'))
      .where('f.id', 'in', ids)
      .orderBy('f.id', 'desc')
      .execute();
    const now = Date.now();
    for (const r of rows) yield strip(toRow(r, lang, now));
    if (rows.length < batch) return;
    before = rows[rows.length - 1]!.id;
  }
}

/** One fault of the scope as a row in `lang`, with its suggested action and product. */
export async function findFault(db: Kysely<Database>, me: SessionUser, id: number, lang = 'en') {
  const r = await withRowColumns(filtered(db, me, {}))
    .leftJoin('products as pr', 'pr.id', 'd.product_id')
    .select('pr.name as product_name')
    .where('f.id', '=', id)
    .executeTakeFirst();
  return r && { ...toRow(r, lang), productName: r.product_name };
}

/** A fault's history, oldest first, with the names of the people. */
export async function faultHistory(db: Kysely<Database>, faultId: number): Promise<FaultEvent[]> {
  const rows = await db
    .selectFrom('fault_events as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.id', 'e.at', 'e.action', 'e.user_id', 'u.nickname', 'e.note'])
    .where('e.fault_id', '=', faultId)
    .orderBy('e.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    at: Number(r.at),
    action: r.action,
    userId: r.user_id,
    userName: r.nickname,
    note: r.note,
  }));
}

/** Moves a fault from one of `from` (a conditional update: a concurrent step makes it answer false). */
export async function moveFault(
  trx: Transaction<Database>,
  id: number,
  from: readonly FaultProcessing[],
  set: Updateable<FaultsTable>,
): Promise<boolean> {
  const r = await trx
    .updateTable('faults')
    .set(set)
    .where('id', '=', id)
    .where('processing', 'in', [...from])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The processing state of a fault now. */
export async function processingOf(db: Kysely<Database> | Transaction<Database>, id: number) {
  const r = await db.selectFrom('faults').select('processing').where('id', '=', id).executeTakeFirst();
  return r?.processing;
}

export async function addFaultEvent(
  trx: Kysely<Database> | Transaction<Database>,
  e: { faultId: number; at: number; userId: number | null; action: FaultEvent['action']; note: string | null },
) {
  await trx
    .insertInto('fault_events')
    .values({ fault_id: e.faultId, at: e.at, user_id: e.userId, action: e.action, note: e.note })
    .execute();
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

/** The catalogue (optionally of one product and the entries for any product), by code. */
export async function listFaultCodes(db: Kysely<Database>, productId?: number) {
  let q = db
    .selectFrom('fault_codes as fc')
    .leftJoin('products as pr', 'pr.id', 'fc.product_id')
    .select(['fc.id', 'fc.product_id', 'pr.name as product_name', 'fc.code', 'fc.severity', 'fc.texts']);
  if (productId) q = q.where((eb) => eb.or([eb('fc.product_id', '=', productId), eb('fc.product_id', 'is', null)]));
  return (await q.orderBy('fc.code').orderBy('fc.product_id').execute()).map((r) => ({
    ...r,
    texts: parseTexts(r.texts),
  }));
}
