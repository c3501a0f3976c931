import type { IndustryIcon, IndustryListQuery } from '@pv/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.js';
import { contains } from '../../lib/like.js';
import type { IndustriesTable } from './industry.tables.js';

type Db = Kysely<Database>;
type Filters = Omit<IndustryListQuery, 'pageNum' | 'pageSize'>;

export const toIndustryRow = (r: Selectable<IndustriesTable>) => ({
  id: r.id,
  name: r.name,
  code: r.code,
  icon: r.icon as IndustryIcon,
  sort: Number(r.sort),
  enabled: Number(r.enabled) === 1,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

function filtered(db: Db, f: Filters) {
  let q = db.selectFrom('industries');
  if (f.name) q = q.where(contains('name', f.name));
  if (f.code) q = q.where(contains('code', f.code));
  if (f.enabled) q = q.where('enabled', '=', f.enabled === 'true' ? 1 : 0);
  return q;
}

/** One page of industries, by sort order then name. */
export async function listIndustries(db: Db, f: Filters, limit: number, offset: number) {
  const [{ total }, rows] = await Promise.all([
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    filtered(db, f).selectAll().orderBy('sort').orderBy('name').orderBy('id').limit(limit).offset(offset).execute(),
  ]);
  return { rows: rows.map(toIndustryRow), total: Number(total) };
}

/** The enabled industries, for the pickers of other screens. */
export async function industryOptions(db: Db) {
  const rows = await db
    .selectFrom('industries')
    .select(['id', 'name', 'code', 'icon'])
    .where('enabled', '=', 1)
    .orderBy('sort')
    .orderBy('name')
    .execute();
  return rows.map((r) => ({ ...r, icon: r.icon as IndustryIcon }));
}

export function findIndustry(db: Db, id: number) {
  return db.selectFrom('industries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Another industry (not `exceptId`) with this code or this name, whatever their case. */
export function findIndustryClash(db: Db, body: { name: string; code: string }, exceptId?: number) {
  let q = db
    .selectFrom('industries')
    .select(['id', 'code', 'name'])
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['code']), '=', body.code.toLowerCase()),
        eb(eb.fn('lower', ['name']), '=', body.name.toLowerCase()),
      ]),
    );
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

export interface IndustryValues {
  name: string;
  code: string;
  icon: string;
  sort: number;
  enabled: number;
}

export function insertIndustry(db: Db, values: IndustryValues, now: number) {
  return db
    .insertInto('industries')
    .values({ ...values, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateIndustry(db: Db, id: number, values: Partial<IndustryValues>, now: number) {
  return db
    .updateTable('industries')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteIndustry(db: Db, id: number) {
  await db.deleteFrom('industries').where('id', '=', id).execute();
}

export async function countIndustries(db: Db) {
  const row = await db
    .selectFrom('industries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
