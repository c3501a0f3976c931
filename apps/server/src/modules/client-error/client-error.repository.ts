import type { ClientErrorKind } from '@pv/contract';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { ClientErrorsTable } from './client-error.tables.js';

type Filters = { kind?: ClientErrorKind; loginName?: string; route?: string };

function filtered(db: Kysely<Database>, { kind, loginName, route }: Filters) {
  let q = db.selectFrom('client_errors');
  if (kind) q = q.where('kind', '=', kind);
  if (loginName) q = q.where('login_name', '=', loginName);
  if (route) q = q.where('route', 'like', `${route.replace(/[%_]/g, '')}%`);
  return q;
}

export async function insertClientErrors(db: Kysely<Database>, rows: Insertable<ClientErrorsTable>[]) {
  await db.insertInto('client_errors').values(rows).execute();
}

/** One page, newest first. */
export async function listClientErrors(db: Kysely<Database>, f: Filters, limit: number, offset: number) {
  const [{ total }, rows] = await Promise.all([
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    filtered(db, f).selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
  ]);
  return { rows, total: Number(total) };
}

/** Removes what was reported before `before`; answers how many. */
export async function deleteClientErrorsBefore(db: Kysely<Database>, before: number) {
  const res = await db.deleteFrom('client_errors').where('created_at', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Every matching entry, newest first, in keyset batches: an export never holds the whole log. */
export async function* iterateClientErrors(db: Kysely<Database>, f: Filters, batch = 1000) {
  let before: number | undefined;
  for (;;) {
    let q = filtered(db, f).selectAll().orderBy('id', 'desc').limit(batch);
    if (before !== undefined) q = q.where('id', '<', before);
    const rows = await q.execute();
    yield* rows;
    if (rows.length < batch) return;
    before = rows[rows.length - 1]!.id;
  }
}
