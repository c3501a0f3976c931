import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { NotificationPrefsTable, NotificationsTable } from './notification.tables.js';

// ---- the fault-notify job ----

/** The newest fault event id (0 when there is none). */
export async function maxFaultEventId(db: Kysely<Database>) {
  const row = await db
    .selectFrom('fault_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Ids and actions of the fault events after `afterId`, in id order (at most `limit`). */
export function faultEventsAfter(db: Kysely<Database>, afterId: number, limit: number) {
  return db
    .selectFrom('fault_events')
    .select(['id', 'action'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The faults the 'opened' events `eventIds` opened, with what a notification says about them. */
export function openedFaults(db: Kysely<Database>, eventIds: number[]) {
  return db
    .selectFrom('fault_events as fe')
    .innerJoin('faults as f', 'f.id', 'fe.fault_id')
    .innerJoin('devices as d', 'd.id', 'f.device_id')
    .innerJoin('orgs as o', 'o.id', 'f.org_id')
    .leftJoin('plants as p', 'p.id', 'f.plant_id')
    .select([
      'fe.id as eventId',
      'f.id',
      'f.code',
      'f.message',
      'f.severity',
      'f.org_id as orgId',
      'o.path as orgPath',
      'f.opened_at as openedAt',
      'd.name as deviceName',
      'd.sn',
      'd.product_id as productId',
      'p.name as plantName',
      'p.time_zone as timeZone',
    ])
    .where('fe.id', 'in', eventIds)
    .where('fe.action', '=', 'opened')
    .orderBy('fe.id')
    .execute();
}

/** The catalogue's texts (JSON) of a code: the product's own entry before the one for any product. */
export async function catalogueTexts(db: Kysely<Database>, code: string, productId: number | null) {
  const row = await db
    .selectFrom('fault_codes')
    .select('texts')
    .where('code', '=', code)
    .where((eb) =>
      productId === null
        ? eb('product_id', 'is', null)
        : eb.or([eb('product_id', '=', productId), eb('product_id', 'is', null)]),
    )
    .orderBy(sql`case when product_id is null then 1 else 0 end`)
    .limit(1)
    .executeTakeFirst();
  return row?.texts;
}

/**
 * Who is told of a fault of organisation `orgId` (path `orgPath`): enabled users who hold
 * fault:list through a role and whose data scope covers the organisation's devices: `all` wherever
 * they sit (the platform's own administrators and viewers included), `orgAndChildren` in that
 * organisation or one above it, `org` and `self` only in the fault's own organisation; with their
 * preferences (null: none saved). The same rule as the fault list's scope (`lib/scope.ts`).
 */
export function faultRecipients(db: Kysely<Database>, orgId: number, orgPath: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('orgs as uo', 'uo.id', 'u.org_id')
    .leftJoin('notification_prefs as np', 'np.user_id', 'u.id')
    .select([
      'u.id',
      'u.nickname',
      'u.email',
      'np.console',
      'np.mail',
      'np.min_severity as minSeverity',
      'np.mail_min_severity as mailMinSeverity',
      'np.lang',
    ])
    .where('u.state', '=', 'enabled')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_roles as ur')
          .innerJoin('role_resources as rr', 'rr.role_id', 'ur.role_id')
          .innerJoin('resources as res', 'res.id', 'rr.resource_id')
          .select(sql`1`.as('one'))
          .whereRef('ur.user_id', '=', 'u.id')
          .where('res.perm', '=', 'fault:list'),
      ),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_roles as ur2')
          .innerJoin('roles as r', 'r.id', 'ur2.role_id')
          .select(sql`1`.as('one'))
          .whereRef('ur2.user_id', '=', 'u.id')
          .where((e) =>
            e.or([
              e('r.data_scope', '=', 'all'),
              e.and([
                e('r.data_scope', '=', 'orgAndChildren'),
                sql<boolean>`${orgPath} like (${sql.ref('uo.path')} || '%')`,
              ]),
              e('u.org_id', '=', orgId),
            ]),
          ),
      ),
    )
    .orderBy('u.id')
    .execute();
}

export async function insertNotifications(db: Kysely<Database>, rows: Insertable<NotificationsTable>[]) {
  if (rows.length) await db.insertInto('notifications').values(rows).execute();
}

/**
 * Keeps the job's position in job_runs.state, in the transaction that wrote what it found, if the
 * state is still `previous` (null: none yet). Answers false when another run moved it meanwhile.
 */
export async function saveJobState(db: Kysely<Database>, job: string, state: string, previous: string | null) {
  const res = await db
    .updateTable('job_runs')
    .set({ state })
    .where('name', '=', job)
    .where((eb) => (previous === null ? eb('state', 'is', null) : eb('state', '=', previous)))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

// ---- a user's notifications ----

/** Unread notifications per user, for `userIds`. */
export async function unreadCounts(db: Kysely<Database>, userIds: number[]) {
  if (!userIds.length) return new Map<number, number>();
  const rows = await db
    .selectFrom('notifications')
    .select(['user_id'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', 'in', userIds)
    .where('read_at', 'is', null)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
}

export async function unreadCount(db: Kysely<Database>, userId: number) {
  return (await unreadCounts(db, [userId])).get(userId) ?? 0;
}

/** One page of a user's notifications, newest first. */
export async function listNotifications(
  db: Kysely<Database>,
  userId: number,
  unread: boolean,
  limit: number,
  offset: number,
) {
  let q = db.selectFrom('notifications').where('user_id', '=', userId);
  if (unread) q = q.where('read_at', 'is', null);
  const [{ total }, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    q
      .select(['id', 'kind', 'fault_id', 'severity', 'title_key', 'title_values', 'text', 'created_at', 'read_at'])
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { rows, total: Number(total) };
}

/** Whether the user has a notification with this id (read or not). */
export async function markRead(db: Kysely<Database>, userId: number, id: number, now: number) {
  const found = await db
    .selectFrom('notifications')
    .select('read_at')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!found) return false;
  if (found.read_at === null)
    await db
      .updateTable('notifications')
      .set({ read_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .execute();
  return true;
}

/** Marks every unread notification of the user read; answers how many. */
export async function markAllRead(db: Kysely<Database>, userId: number, now: number) {
  const res = await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Removes up to `limit` notifications created before `before`; answers how many. */
export async function deleteNotificationsBefore(db: Kysely<Database>, before: number, limit: number) {
  const res = await db
    .deleteFrom('notifications')
    .where('id', 'in', (eb) =>
      eb.selectFrom('notifications').select('id').where('created_at', '<', before).limit(limit),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

// ---- preferences ----

export function findPrefs(db: Kysely<Database>, userId: number) {
  return db.selectFrom('notification_prefs').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function userEmail(db: Kysely<Database>, userId: number) {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email ?? null;
}

export async function savePrefs(db: Kysely<Database>, row: NotificationPrefsTable) {
  const { user_id: _, ...rest } = row;
  await db
    .insertInto('notification_prefs')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(rest))
    .execute();
}

/** Keeps `row` when the user has no preferences yet (the language of a first sign-in). */
export async function insertPrefsIfNone(db: Kysely<Database>, row: NotificationPrefsTable) {
  await db
    .insertInto('notification_prefs')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}
