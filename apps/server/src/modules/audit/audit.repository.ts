import type { AuditListQuery, AuditRow } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { startsWith } from '../../lib/like.js';

export type AuditFilters = Omit<AuditListQuery, 'pageNum' | 'pageSize'>;

function filtered(db: Kysely<Database>, f: AuditFilters) {
  let q = db.selectFrom('audit_logs as a').leftJoin('orgs as o', 'o.id', 'a.org_id');
  if (f.user) q = q.where(startsWith('a.login_name', f.user));
  if (f.action) q = q.where('a.action', '=', f.action);
  if (f.entity) q = q.where('a.entity', '=', f.entity);
  if (f.from !== undefined) q = q.where('a.at', '>=', f.from);
  if (f.to !== undefined) q = q.where('a.at', '<=', f.to);
  return q;
}

const COLUMNS = [
  'a.id',
  'a.at',
  'a.user_id',
  'a.login_name',
  'a.org_id',
  'o.name as org_name',
  'a.action',
  'a.entity',
  'a.record_id',
  'a.summary',
  'a.method',
  'a.route',
  'a.ip',
] as const;

type Row = {
  id: number;
  at: number;
  user_id: number | null;
  login_name: string | null;
  org_id: number | null;
  org_name: string | null;
  action: string;
  entity: string;
  record_id: string | null;
  summary: string;
  method: string;
  route: string;
  ip: string;
};

const toRow = (r: Row): AuditRow => ({
  id: r.id,
  at: Number(r.at),
  userId: r.user_id,
  loginName: r.login_name,
  orgId: r.org_id,
  orgName: r.org_name,
  action: r.action as AuditRow['action'],
  entity: r.entity,
  recordId: r.record_id,
  summary: r.summary,
  method: r.method,
  route: r.route,
  ip: r.ip,
});

/** One page of entries, newest first. */
export async function listAudit(db: Kysely<Database>, f: AuditFilters, limit: number, offset: number) {
  const [{ total }, rows] = await Promise.all([
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    filtered(db, f)
      .select(COLUMNS)
      .orderBy('a.at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { rows: rows.map(toRow), total: Number(total) };
}

/** Every matching entry, newest first, in keyset batches: an export never holds the whole trail. */
export async function* iterateAudit(db: Kysely<Database>, f: AuditFilters, batch = 1000): AsyncGenerator<AuditRow> {
  let before: { at: number; id: number } | undefined;
  for (;;) {
    let q = filtered(db, f).select(COLUMNS).orderBy('a.at', 'desc').orderBy('a.id', 'desc').limit(batch);
    if (before) {
      const b = before;
      q = q.where((eb) => eb.or([eb('a.at', '<', b.at), eb.and([eb('a.at', '=', b.at), eb('a.id', '<', b.id)])]));
    }
    const rows = await q.execute();
    for (const r of rows) yield toRow(r);
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    before = { at: Number(last.at), id: last.id };
  }
}

/** The record types that occur in the trail. */
export async function auditEntities(db: Kysely<Database>) {
  const rows = await db.selectFrom('audit_logs').select('entity').distinct().orderBy('entity').execute();
  return rows.map((r) => r.entity);
}
