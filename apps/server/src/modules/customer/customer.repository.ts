import type { CustomerListQuery } from '@pv/contract';
import { sql, type Insertable, type Kysely, type SqlBool, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { CancelCodesTable, CustomersTable } from './customer.tables.js';
import { inScope } from '../../lib/scope.js';
import type { SessionUser } from '../../lib/types.js';
import { contains, customerSearchName } from '../../lib/like.js';

type Db = Kysely<Database> | Transaction<Database>;
type Filters = Omit<CustomerListQuery, 'pageNum' | 'pageSize'>;

/** case-insensitive on both databases (LIKE is case-sensitive in PostgreSQL) */
const likeExpr = contains;

/** The customers of the caller's data scope: those of the organisations it covers (the serving organisation). */
function base(db: Kysely<Database>, me: SessionUser, f: Filters) {
  let q = db.selectFrom('customers as c').innerJoin('orgs as o', 'o.id', 'c.org_id').where(inScope(me, 'o'));
  if (f.name) q = q.where((eb) => eb.or([likeExpr('c.name', f.name!), likeExpr('c.nickname', f.name!)]));
  if (f.email) q = q.where(likeExpr('c.email', f.email));
  if (f.phone) q = q.where(likeExpr('c.phone', f.phone));
  if (f.org) q = q.where(likeExpr('o.name', f.org));
  return q;
}

export interface StoredCustomer {
  id: number;
  nickname: string;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  org_id: number;
  org_name: string;
  user_id: number | null;
  login_name: string | null;
  login_state: 'enabled' | 'disabled' | null;
  plants: number | string;
  created_at: number | string;
}

function rowsQuery(db: Kysely<Database>, me: SessionUser, f: Filters) {
  return base(db, me, f)
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.nickname',
      'c.name',
      'c.email',
      'c.phone',
      'c.address',
      'c.org_id',
      'o.name as org_name',
      'c.user_id',
      'u.login_name',
      'u.state as login_state',
      'c.created_at',
    ])
    .select(sql<number>`(select count(*) from plants p where p.owner_id = c.id)`.as('plants'));
}

/** One page of the customers in scope, newest first: filtered, counted and paged in SQL. */
export async function listCustomers(db: Kysely<Database>, me: SessionUser, f: Filters, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    rowsQuery(db, me, f).orderBy('c.id', 'desc').limit(limit).offset(offset).execute(),
    base(db, me, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as StoredCustomer[], total: Number(total.n) };
}

/** Every matching customer, newest first, in keyset batches: an export never holds the whole list. */
export async function* iterateCustomers(db: Kysely<Database>, me: SessionUser, f: Filters, batch = 500) {
  let before: number | undefined;
  for (;;) {
    let q = rowsQuery(db, me, f);
    if (before !== undefined) q = q.where('c.id', '<', before);
    const rows = (await q.orderBy('c.id', 'desc').limit(batch).execute()) as StoredCustomer[];
    yield* rows;
    if (rows.length < batch) return;
    before = rows[rows.length - 1]!.id;
  }
}

export async function findCustomer(db: Kysely<Database>, me: SessionUser, id: number) {
  return (await rowsQuery(db, me, {}).where('c.id', '=', id).executeTakeFirst()) as StoredCustomer | undefined;
}

/** Customers in scope whose name, nickname or e-mail holds the keyword: the plant form's owner picker. */
export function customerOptions(db: Kysely<Database>, me: SessionUser, keyword: string | undefined, limit: number) {
  let q = db
    .selectFrom('customers as c')
    .innerJoin('orgs as o', 'o.id', 'c.org_id')
    .where(inScope(me, 'o'))
    .select(['c.id', 'c.name', 'c.nickname', 'c.org_id']);
  if (keyword)
    q = q.where((eb) =>
      eb.or([likeExpr('c.name', keyword), likeExpr('c.nickname', keyword), likeExpr('c.email', keyword)]),
    );
  return q.orderBy('c.name').orderBy('c.id').limit(limit).execute();
}

/** The organisation, when it lies in the caller's scope. */
export function orgInScope(db: Kysely<Database>, me: SessionUser, orgId: number) {
  return db
    .selectFrom('orgs as o')
    .select(['o.id', 'o.name', 'o.code', 'o.path'])
    .where('o.id', '=', orgId)
    .where(inScope(me, 'o'))
    .executeTakeFirst();
}

export function findOrg(db: Db, orgId: number) {
  return db.selectFrom('orgs').select(['id', 'name', 'code', 'path']).where('id', '=', orgId).executeTakeFirst();
}

export async function insertCustomer(db: Db, values: Insertable<CustomersTable>) {
  const { id } = await db
    .insertInto('customers')
    .values({ ...values, search_name: customerSearchName(values.name, values.nickname) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateCustomer(db: Db, id: number, values: Updateable<CustomersTable>) {
  let set = values;
  // a new name or nickname: the header search's column follows (the other one read when not given)
  if (values.name !== undefined || values.nickname !== undefined) {
    const now = await db.selectFrom('customers').select(['name', 'nickname']).where('id', '=', id).executeTakeFirst();
    const name = (values.name as string | undefined) ?? now?.name ?? '';
    const nickname = (values.nickname as string | undefined) ?? now?.nickname ?? '';
    set = { ...values, search_name: customerSearchName(name, nickname) };
  }
  const r = await db.updateTable('customers').set(set).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteCustomer(db: Db, id: number) {
  await db.deleteFrom('customers').where('id', '=', id).execute();
}

export async function plantCount(db: Db, customerId: number) {
  const r = await db
    .selectFrom('plants')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function loginNameTaken(db: Db, loginName: string) {
  return !!(await db.selectFrom('users').select('id').where('login_name', '=', loginName).executeTakeFirst());
}

/** The customer-group organisation under `parentId` that holds its customers' login accounts. */
export function findOrgByCode(db: Db, code: string) {
  return db.selectFrom('orgs').select(['id', 'path']).where('code', '=', code).executeTakeFirst();
}

/** The id of the organisation group of this code, if it exists (an administrator may have deleted it). */
export async function groupIdOf(db: Db, code: string) {
  return (await db.selectFrom('org_groups').select('id').where('code', '=', code).executeTakeFirst())?.id;
}

export async function insertOrg(
  db: Db,
  v: { parentId: number; parentPath: string; name: string; code: string; groupId: number; now: number },
) {
  const group = { id: v.groupId };
  const { id } = await db
    .insertInto('orgs')
    .values({
      parent_id: v.parentId,
      group_id: group.id,
      name: v.name,
      code: v.code,
      path: '',
      address: null,
      contact: null,
      phone: null,
      created_at: v.now,
      number: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const path = `${v.parentPath}${id}/`;
  await db.updateTable('orgs').set({ path }).where('id', '=', id).execute();
  return { id, path };
}

/** The role with this code, in whichever organisation (codes are unique across organisations). */
export function findRoleByCode(db: Db, code: string) {
  return db.selectFrom('roles').select(['id', 'org_id']).where('code', '=', code).executeTakeFirst();
}

/**
 * The device pages a plant's page links to. The device list and the data page stay out: they list
 * the data scope only, and the customer's devices reach it through its plant grants.
 */
const CUSTOMER_MENUS = [
  '/power_station',
  '/devices',
  '/devices/devices_detail',
  '/devices/devices_data_overview',
  '/devices/devices_update_log',
  '/userCenter',
];

/**
 * The customer role of a customer organisation: data scope `self` (its own organisation, which holds
 * no plant), no sensitive-data grant, and only the menus that read plants and devices (no button).
 */
export async function insertCustomerRole(db: Db, orgId: number, name: string, code: string) {
  const { id } = await db
    .insertInto('roles')
    .values({ code, name, org_id: orgId, data_scope: 'self', sensitive: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const menus = await db
    .selectFrom('resources')
    .select('id')
    .where('kind', '=', 'menu')
    .where((eb) =>
      eb.or([
        eb('router_path', 'in', CUSTOMER_MENUS),
        eb('router_path', 'like', '/power_station/%'),
        eb('router_path', 'like', '/userCenter/%'),
      ]),
    )
    .execute();
  if (menus.length)
    await db
      .insertInto('role_resources')
      .values(menus.map((m) => ({ role_id: id, resource_id: m.id })))
      .execute();
  return id;
}

export async function insertLoginUser(
  db: Db,
  v: { orgId: number; loginName: string; nickname: string; passwordHash: string; email: string; roleId: number },
) {
  const { id } = await db
    .insertInto('users')
    .values({
      org_id: v.orgId,
      login_name: v.loginName,
      nickname: v.nickname,
      password_hash: v.passwordHash,
      mobile: null,
      email: v.email,
      state: 'enabled',
      avatar: '',
      introduction: '',
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_roles').values({ user_id: id, role_id: v.roleId }).execute();
  return id;
}

/**
 * Read-only grants (plant_grants, 'view') on every plant the customer owns for its login account:
 * what lets the account see its own plants and their devices and nothing else.
 */
export async function grantOwnedPlants(db: Db, customerId: number, userId: number, grantedBy: number | null) {
  const plants = await db.selectFrom('plants').select('id').where('owner_id', '=', customerId).execute();
  const have = new Set(
    (await db.selectFrom('plant_grants').select('plant_id').where('user_id', '=', userId).execute()).map(
      (r) => r.plant_id,
    ),
  );
  const missing = plants.filter((p) => !have.has(p.id));
  if (missing.length)
    await db
      .insertInto('plant_grants')
      .values(
        missing.map((p) => ({
          plant_id: p.id,
          user_id: userId,
          perms: 'view',
          granted_by: grantedBy,
          created_at: Date.now(),
        })),
      )
      .execute();
  return missing.length;
}

/** Removes a login account: its sessions, roles and grants go with it. */
export async function deleteLoginUser(db: Db, userId: number) {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  await db.deleteFrom('plant_grants').where('user_id', '=', userId).execute();
  await db.deleteFrom('plant_favourites').where('user_id', '=', userId).execute();
  await db.deleteFrom('cancel_codes').where('user_id', '=', userId).execute();
  await db.updateTable('customers').set({ user_id: null }).where('user_id', '=', userId).execute();
  await db.deleteFrom('users').where('id', '=', userId).execute();
}

// --- account cancellation ---

/** The enabled login account of a customer with this e-mail (case-insensitive), if any. */
export function accountByEmail(db: Db, email: string) {
  return db
    .selectFrom('customers as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['u.id as user_id', 'u.login_name', 'u.org_id', 'c.id as customer_id', 'c.name'])
    .where(sql<SqlBool>`lower(c.email) = ${email.toLowerCase()}`)
    .where('u.state', '=', 'enabled')
    .orderBy('c.id')
    .executeTakeFirst();
}

/** Codes requested since `since` for the address, and for the account when there is one. */
export async function codesSince(db: Db, email: string, userId: number | null, since: number) {
  const byEmail = await db
    .selectFrom('cancel_codes')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('created_at').as('last')])
    .where('email', '=', email)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  const byUser =
    userId === null
      ? { n: 0 }
      : await db
          .selectFrom('cancel_codes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .where('created_at', '>=', since)
          .executeTakeFirstOrThrow();
  return {
    email: Number(byEmail.n),
    last: byEmail.last === null ? null : Number(byEmail.last),
    user: Number(byUser.n),
  };
}

export function insertCode(db: Db, v: Insertable<CancelCodesTable>) {
  return db.insertInto('cancel_codes').values(v).returning('id').executeTakeFirstOrThrow();
}

/** Earlier open codes of the address end when a new one is sent: only the newest counts. */
export async function closeOpenCodes(db: Db, email: string, now: number) {
  await db
    .updateTable('cancel_codes')
    .set({ used_at: now })
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .execute();
}

/** The newest unused, unexpired code of the address. */
export function openCode(db: Db, email: string, now: number) {
  return db
    .selectFrom('cancel_codes')
    .selectAll()
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Counts a try; answers the tries after it, or undefined when the code was used meanwhile. */
export async function countTry(db: Db, id: number, maxTries: number) {
  const r = await db
    .updateTable('cancel_codes')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('tries', '<', maxTries)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Marks the code used, once: false when another request used it first. */
export async function useCode(db: Db, id: number, now: number) {
  const r = await db
    .updateTable('cancel_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Disables the account and ends all its sessions. */
export async function disableAccount(db: Db, userId: number, now: number) {
  await db.updateTable('users').set({ state: 'disabled' }).where('id', '=', userId).execute();
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export function accountById(db: Db, userId: number) {
  return db.selectFrom('users').select(['id', 'login_name', 'org_id']).where('id', '=', userId).executeTakeFirst();
}

/** The oldest customer that owns a plant and has no login account yet. */
export function firstOwnerWithoutLogin(db: Db) {
  return db
    .selectFrom('customers as c')
    .select(['c.id', 'c.name', 'c.nickname', 'c.email', 'c.org_id'])
    .where('c.user_id', 'is', null)
    .where((eb) => eb.exists(eb.selectFrom('plants as p').select('p.id').whereRef('p.owner_id', '=', 'c.id')))
    .orderBy('c.id')
    .executeTakeFirst();
}

/**
 * A plant's owner changed: the login accounts of its other customers lose their grant on it, the
 * new owner's account (if any) gets a read-only one.
 */
export async function followPlantOwner(db: Db, plantId: number, ownerId: number | null, grantedBy: number | null) {
  let gone = db
    .deleteFrom('plant_grants')
    .where('plant_id', '=', plantId)
    .where('user_id', 'in', (eb) =>
      eb.selectFrom('customers').select('user_id').where('user_id', 'is not', null).$narrowType<{ user_id: number }>(),
    );
  if (ownerId !== null)
    gone = gone.where('user_id', 'not in', (eb) =>
      eb
        .selectFrom('customers')
        .select('user_id')
        .where('id', '=', ownerId)
        .where('user_id', 'is not', null)
        .$narrowType<{ user_id: number }>(),
    );
  await gone.execute();
  if (ownerId === null) return;
  const owner = await db.selectFrom('customers').select('user_id').where('id', '=', ownerId).executeTakeFirst();
  if (owner?.user_id) await grantOwnedPlants(db, ownerId, owner.user_id, grantedBy);
}
