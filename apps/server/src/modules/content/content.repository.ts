import type { ContentKind, ContentStatus, Language } from '@pv/contract';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { ContactMessagesTable, ContentItemsTable } from './content.tables.js';

type Filters = { kind: ContentKind; lang?: Language; status?: ContentStatus; title?: string };

function filtered(db: Kysely<Database>, { kind, lang, status, title }: Filters) {
  let q = db.selectFrom('content_items as c').where('c.kind', '=', kind);
  if (lang) q = q.where('c.lang', '=', lang);
  if (status) q = q.where('c.status', '=', status);
  if (title) q = q.where('c.title', 'like', `%${title.replace(/[%_]/g, '')}%`);
  return q;
}

/** One page of a kind's items in their order, with who changed each last. */
export async function listContent(db: Kysely<Database>, f: Filters, limit: number, offset: number) {
  const [{ total }, rows] = await Promise.all([
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    filtered(db, f)
      .leftJoin('users as u', 'u.id', 'c.updated_by')
      .selectAll('c')
      .select('u.login_name as updated_by_name')
      .orderBy('c.sort_order')
      .orderBy('c.id')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { rows, total: Number(total) };
}

export function findContent(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('content_items as c')
    .leftJoin('users as u', 'u.id', 'c.updated_by')
    .selectAll('c')
    .select('u.login_name as updated_by_name')
    .where('c.id', '=', id)
    .executeTakeFirst();
}

export async function insertContent(db: Kysely<Database>, row: Insertable<ContentItemsTable>) {
  const { id } = await db.insertInto('content_items').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateContent(db: Kysely<Database>, id: number, set: Updateable<ContentItemsTable>) {
  const res = await db.updateTable('content_items').set(set).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** The published items of a kind in one language, in order. */
export function publishedContent(db: Kysely<Database>, kind: ContentKind, lang: string) {
  return db
    .selectFrom('content_items')
    .selectAll()
    .where('kind', '=', kind)
    .where('status', '=', 'published')
    .where('lang', '=', lang)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export function publishedItem(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('content_items')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'published')
    .executeTakeFirst();
}

export async function insertContactMessage(db: Kysely<Database>, row: Insertable<ContactMessagesTable>) {
  const { id } = await db.insertInto('contact_messages').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function listContactMessages(
  db: Kysely<Database>,
  status: string | undefined,
  limit: number,
  offset: number,
) {
  let q = db.selectFrom('contact_messages as m');
  if (status) q = q.where('m.status', '=', status);
  const [{ total }, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    q
      .leftJoin('users as u', 'u.id', 'm.answered_by')
      .selectAll('m')
      .select('u.login_name as answered_by_name')
      .orderBy('m.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { rows, total: Number(total) };
}

export function findContactMessage(db: Kysely<Database>, id: number) {
  return db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function answerContactMessage(
  db: Kysely<Database>,
  id: number,
  set: Pick<ContactMessagesTable, 'answer' | 'answered_by' | 'answered_at'>,
) {
  await db
    .updateTable('contact_messages')
    .set({ ...set, status: 'answered' })
    .where('id', '=', id)
    .execute();
}

/** Every item of the filtered list in its order (sort order, id), a batch at a time (exports). */
export async function* iterateContent(db: Kysely<Database>, f: Filters, batch = 500) {
  for (let offset = 0; ; offset += batch) {
    const rows = await filtered(db, f)
      .leftJoin('users as u', 'u.id', 'c.updated_by')
      .selectAll('c')
      .select('u.login_name as updated_by_name')
      .orderBy('c.sort_order')
      .orderBy('c.id')
      .limit(batch)
      .offset(offset)
      .execute();
    yield* rows;
    if (rows.length < batch) return;
  }
}

/** Every message (of a status), newest first, in keyset batches (exports). */
export async function* iterateContactMessages(db: Kysely<Database>, status: string | undefined, batch = 500) {
  let before: number | undefined;
  for (;;) {
    let q = db.selectFrom('contact_messages as m');
    if (status) q = q.where('m.status', '=', status);
    if (before !== undefined) q = q.where('m.id', '<', before);
    const rows = await q
      .leftJoin('users as u', 'u.id', 'm.answered_by')
      .selectAll('m')
      .select('u.login_name as answered_by_name')
      .orderBy('m.id', 'desc')
      .limit(batch)
      .execute();
    yield* rows;
    if (rows.length < batch) return;
    before = rows[rows.length - 1]!.id;
  }
}
