import type { OrgGroupListQuery } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { contains } from '../../lib/like.js';

type Db = Kysely<Database>;

/** Another group (not `exceptId`) with this code or this name, whatever their case. */
export function findGroupClash(db: Db, body: { name: string; code: string }, exceptId?: number) {
  let q = db
    .selectFrom('org_groups')
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

/** One page of groups with the number of organisations of each. */
export async function listGroups(
  db: Db,
  f: Omit<OrgGroupListQuery, 'pageNum' | 'pageSize'>,
  limit: number,
  offset: number,
) {
  let q = db.selectFrom('org_groups as g');
  if (f.name) q = q.where(contains('g.name', f.name));
  if (f.code) q = q.where(contains('g.code', f.code));
  const [{ total }, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    q
      .select(['g.id', 'g.code', 'g.name'])
      .select((eb) =>
        eb
          .selectFrom('orgs as o')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('o.group_id', '=', 'g.id')
          .as('orgs'),
      )
      .orderBy('g.id')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { rows: rows.map((r) => ({ ...r, orgs: Number(r.orgs ?? 0) })), total: Number(total) };
}

/** Every group, for the organisation form. */
export function groupOptions(db: Db) {
  return db.selectFrom('org_groups').select(['id', 'code', 'name']).orderBy('id').execute();
}

export function findGroup(db: Db, id: number) {
  return db.selectFrom('org_groups').select(['id', 'code', 'name']).where('id', '=', id).executeTakeFirst();
}

export function insertGroup(db: Db, values: { code: string; name: string }) {
  return db.insertInto('org_groups').values(values).returning(['id', 'code', 'name']).executeTakeFirstOrThrow();
}

export async function updateGroup(db: Db, id: number, values: { code: string; name: string }) {
  await db.updateTable('org_groups').set(values).where('id', '=', id).execute();
}

export async function countOrgsOfGroup(db: Db, id: number) {
  const row = await db
    .selectFrom('orgs')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('group_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteGroup(db: Db, id: number) {
  await db.deleteFrom('org_groups').where('id', '=', id).execute();
}
