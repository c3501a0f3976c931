import { ORG_GROUP_CODES, type ProviderPlantQuery, type ProviderQuery } from '@pv/contract';
import { sql, type Insertable, type Kysely, type SqlBool, type Updateable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { OrgsTable } from '../org/index.js';
import type { ProviderProfilesTable } from './provider.tables.js';
import { inScope } from '../../lib/scope.js';
import type { SessionUser } from '../../lib/types.js';
import { contains } from '../../lib/like.js';

type Db = Kysely<Database>;
type Filters = Omit<ProviderQuery, 'pageNum' | 'pageSize'>;

/** case-insensitive on both databases (LIKE is case-sensitive in PostgreSQL) */
const likeExpr = contains;

/**
 * The plants a provider serves: those of its organisation and of the organisations below it
 * (what its users' data scope sees). Paths hold digits and slashes only, so the prefix needs no escape.
 */
const projectsOf = (orgAlias: string) =>
  sql<number>`(select count(*) from plants pp_p inner join orgs pp_o on pp_o.id = pp_p.org_id where pp_o.path like ${sql.ref(`${orgAlias}.path`)} || '%')`;

/** Service-provider organisations of the caller's scope, with their profile (none yet: all null). */
function providers(db: Db, me: SessionUser) {
  return db
    .selectFrom('orgs as o')
    .innerJoin('org_groups as g', 'g.id', 'o.group_id')
    .leftJoin('provider_profiles as pp', 'pp.org_id', 'o.id')
    .where('g.code', '=', ORG_GROUP_CODES.AGENT)
    .where(inScope(me, 'o'));
}

function filtered(db: Db, me: SessionUser, f: Filters) {
  let q = providers(db, me);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) =>
      eb.or([
        likeExpr('o.name', k),
        likeExpr('o.contact', k),
        likeExpr('pp.contract_no', k),
        likeExpr('pp.service_area', k),
      ]),
    );
  }
  if (f.contractStatus) q = q.where(sql<SqlBool>`coalesce(pp.contract_status, 'active') = ${f.contractStatus}`);
  if (f.serviceType) q = q.where('pp.service_type', '=', f.serviceType);
  return q;
}

const COLUMNS = [
  'o.id',
  'o.name',
  'o.code',
  'o.path',
  'o.address',
  'o.contact',
  'o.phone',
  'o.created_at',
  'pp.provider_type',
  'pp.service_type',
  'pp.service_area',
  'pp.contract_no',
  'pp.contract_status',
  'pp.certification',
  'pp.last_maintenance_at',
  'pp.remarks',
] as const;

export type ProviderRecord = Awaited<ReturnType<typeof findProvider>> & object;

export async function listProviders(db: Db, me: SessionUser, f: Filters, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    filtered(db, me, f)
      .select([...COLUMNS, projectsOf('o').as('projects')])
      .orderBy('o.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    filtered(db, me, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The filtered providers, newest first, in keyset batches (the export). */
export async function* iterateProviders(db: Db, me: SessionUser, f: Filters, batch = 500) {
  let before: number | undefined;
  for (;;) {
    let q = filtered(db, me, f)
      .select([...COLUMNS, projectsOf('o').as('projects')])
      .orderBy('o.id', 'desc')
      .limit(batch);
    if (before !== undefined) q = q.where('o.id', '<', before);
    const rows = await q.execute();
    yield* rows;
    if (rows.length < batch) return;
    before = rows[rows.length - 1]!.id;
  }
}

/** One provider of the caller's scope (undefined outside it or when the organisation is no provider). */
export function findProvider(db: Db, me: SessionUser, id: number) {
  return providers(db, me)
    .select([...COLUMNS, 'o.parent_id', projectsOf('o').as('projects')])
    .where('o.id', '=', id)
    .executeTakeFirst();
}

export function providerOptions(db: Db, me: SessionUser) {
  return providers(db, me).select(['o.id', 'o.name']).orderBy('o.name').execute();
}

export async function agentGroupId(db: Db) {
  const g = await db.selectFrom('org_groups').select('id').where('code', '=', ORG_GROUP_CODES.AGENT).executeTakeFirst();
  return g?.id;
}

export async function orgPath(db: Db, id: number) {
  const o = await db.selectFrom('orgs').select(['id', 'path']).where('id', '=', id).executeTakeFirst();
  return o?.path;
}

export async function orgCodeTaken(db: Db, code: string) {
  const row = await db
    .selectFrom('orgs')
    .select('id')
    .where(({ fn, eb }) => eb(fn('lower', ['code']), '=', code.toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

/** The provider's organisation under `parentPath` (its path written once its id is known) and its profile. */
export async function insertProvider(
  trx: Db,
  org: Omit<Insertable<OrgsTable>, 'path'>,
  parentPath: string,
  profile: Omit<Insertable<ProviderProfilesTable>, 'org_id'>,
) {
  const { id } = await trx
    .insertInto('orgs')
    .values({ ...org, path: parentPath })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('orgs')
    .set({ path: `${parentPath}${id}/` })
    .where('id', '=', id)
    .execute();
  await trx
    .insertInto('provider_profiles')
    .values({ ...profile, org_id: id })
    .execute();
  return id;
}

export async function updateProvider(
  trx: Db,
  id: number,
  org: Updateable<OrgsTable>,
  profile: Omit<Insertable<ProviderProfilesTable>, 'org_id'>,
) {
  await trx.updateTable('orgs').set(org).where('id', '=', id).execute();
  await trx
    .insertInto('provider_profiles')
    .values({ ...profile, org_id: id })
    .onConflict((oc) => oc.column('org_id').doUpdateSet(profile))
    .execute();
}

/** What still hangs on an organisation besides plants: users, roles, sub-organisations. */
export async function orgLoad(db: Db, id: number) {
  const count = (table: 'users' | 'roles' | 'orgs', col: 'org_id' | 'parent_id') =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(col, '=', id)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  const [users, roles, children, devices] = await Promise.all([
    count('users', 'org_id'),
    count('roles', 'org_id'),
    count('orgs', 'parent_id'),
    db
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('org_id', '=', id)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n)),
  ]);
  return { users, roles, children, devices };
}

export async function deleteProvider(trx: Db, id: number) {
  await trx.deleteFrom('provider_profiles').where('org_id', '=', id).execute();
  await trx.deleteFrom('orgs').where('id', '=', id).execute();
}

/**
 * The nearest service-provider organisation at or above a plant's organisation (`o`): the one
 * whose users see the plant. Null when none does (the platform's own plants).
 */
const servingProvider = sql<
  number | null
>`(select a.id from orgs a inner join org_groups ag on ag.id = a.group_id where ag.code = ${ORG_GROUP_CODES.AGENT} and o.path like a.path || '%' order by length(a.path) desc limit 1)`;

/** Plants the caller may change (its data scope; a grant only opens reading), with the provider serving them. */
function managedPlants(db: Db, me: SessionUser, f: Omit<ProviderPlantQuery, 'pageNum' | 'pageSize'>) {
  let q = db.selectFrom('plants as p').innerJoin('orgs as o', 'o.id', 'p.org_id').where(inScope(me, 'o'));
  if (f.name) q = q.where(likeExpr('p.name', f.name));
  if (f.providerId === 0) q = q.where(sql<SqlBool>`${servingProvider} is null`);
  else if (f.providerId) q = q.where(sql<SqlBool>`${servingProvider} = ${f.providerId}`);
  return q;
}

export async function listManagedPlants(
  db: Db,
  me: SessionUser,
  f: Omit<ProviderPlantQuery, 'pageNum' | 'pageSize'>,
  limit: number,
  offset: number,
) {
  const [rows, total] = await Promise.all([
    managedPlants(db, me, f)
      .select([
        'p.id',
        'p.name',
        'p.address',
        'p.capacity_wp',
        'o.id as org_id',
        'o.name as org_name',
        servingProvider.as('provider_id'),
      ])
      .orderBy('p.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    managedPlants(db, me, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const ids = [...new Set(rows.map((r) => r.provider_id).filter((v): v is number => v !== null))];
  const names = ids.length
    ? new Map(
        (await db.selectFrom('orgs').select(['id', 'name']).where('id', 'in', ids).execute()).map((o) => [
          o.id,
          o.name,
        ]),
      )
    : new Map<number, string>();
  return { rows, names, total: Number(total.n) };
}

/** Of `ids`, the plants the caller may change, with the path of the provider serving each now. */
export function plantsToAssign(db: Db, me: SessionUser, ids: number[]) {
  return db
    .selectFrom('plants as p')
    .innerJoin('orgs as o', 'o.id', 'p.org_id')
    .where('p.id', 'in', ids)
    .where(inScope(me, 'o'))
    .select([
      'p.id',
      sql<
        string | null
      >`(select a.path from orgs a inner join org_groups ag on ag.id = a.group_id where ag.code = ${ORG_GROUP_CODES.AGENT} and o.path like a.path || '%' order by length(a.path) desc limit 1)`.as(
        'provider_path',
      ),
    ])
    .execute();
}

/**
 * Moves plants to a provider: the plant (owner and installer), its devices and its faults belong
 * to the provider's organisation from now on, so the data scope follows. Plant grants held by
 * users of the providers that served them before go too: they served the plant, they no longer do.
 */
export async function assignPlants(trx: Db, plantIds: number[], providerId: number, formerPaths: string[]) {
  await trx
    .updateTable('plants')
    .set({ org_id: providerId, installer_org_id: providerId })
    .where('id', 'in', plantIds)
    .execute();
  await trx.updateTable('devices').set({ org_id: providerId }).where('plant_id', 'in', plantIds).execute();
  await trx.updateTable('faults').set({ org_id: providerId }).where('plant_id', 'in', plantIds).execute();
  for (const path of formerPaths)
    await trx
      .deleteFrom('plant_grants')
      .where('plant_id', 'in', plantIds)
      .where(
        sql<SqlBool>`user_id in (select u.id from users u inner join orgs uo on uo.id = u.org_id where uo.path like ${`${path}%`})`,
      )
      .execute();
}
