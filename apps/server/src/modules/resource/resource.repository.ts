import type { ResourceRow } from '@pv/contract';
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { ResourcesTable } from './resource.tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Every resource in tree order (parents first, then by sort), with its level. */
export async function listResources(db: Kysely<Database>): Promise<ResourceRow[]> {
  const rows = await db.selectFrom('resources').selectAll().orderBy('sort').orderBy('id').execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const level = (id: number, seen = new Set<number>()): number => {
    const r = byId.get(id);
    if (!r || r.parent_id === null || seen.has(id)) return 1;
    seen.add(id);
    return 1 + level(r.parent_id, seen);
  };
  return rows.map((r) => ({
    id: r.id,
    parentId: r.parent_id,
    kind: r.kind,
    name: r.name,
    nameEn: r.name_en,
    titleKey: r.title_key,
    level: level(r.id),
    routerPath: r.router_path,
    icon: r.icon,
    perm: r.perm,
    dataPerm: r.data_perm === 1,
    sensitive: r.sensitive === 1,
    sort: r.sort,
    seeded: r.seed_key !== null,
  }));
}

export function findResource(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('resources')
    .select(['id', 'kind', 'parent_id', 'perm', 'name', 'name_en', 'title_key'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function hasChildren(db: Kysely<Database>, id: number) {
  const child = await db.selectFrom('resources').select('id').where('parent_id', '=', id).limit(1).executeTakeFirst();
  return child !== undefined;
}

export async function insertResource(db: Kysely<Database>, values: Insertable<ResourcesTable>) {
  const { id } = await db.insertInto('resources').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateResource(db: Db, id: number, values: Updateable<ResourcesTable>) {
  await db.updateTable('resources').set(values).where('id', '=', id).execute();
}

/** Deletes the resource and every grant of it. */
export async function deleteResource(db: Db, id: number) {
  await db.deleteFrom('role_resources').where('resource_id', '=', id).execute();
  await db.deleteFrom('resources').where('id', '=', id).execute();
}
