import type { MailStatus } from '@pv/contract';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { MailOutboxTable } from './mail.tables.js';
import { contains } from '../../lib/like.js';

/** Writes one mail to the outbox (in the caller's transaction when `db` is one); answers its id. */
export async function insertMail(db: Kysely<Database>, row: Insertable<MailOutboxTable>) {
  const { id } = await db.insertInto('mail_outbox').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

type Filters = { status?: MailStatus; to?: string };

function filtered(db: Kysely<Database>, { status, to }: Filters) {
  let q = db.selectFrom('mail_outbox');
  if (status) q = q.where('status', '=', status);
  if (to) q = q.where(contains('to_address', to));
  return q;
}

const ROW = [
  'id',
  'to_address',
  'lang',
  'subject',
  'template',
  'status',
  'attempts',
  'next_attempt_at',
  'last_error',
  'created_at',
  'sent_at',
] as const;

/** One page of the outbox, newest first. */
export async function listMails(db: Kysely<Database>, f: Filters, limit: number, offset: number) {
  const [{ total }, rows] = await Promise.all([
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    filtered(db, f).select(ROW).orderBy('id', 'desc').limit(limit).offset(offset).execute(),
  ]);
  return { rows, total: Number(total) };
}

export function findMail(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('mail_outbox')
    .select([...ROW, 'text', 'html'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Queued mails whose next try is due, oldest first. */
export function dueMails(db: Kysely<Database>, now: number, limit: number) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'to_address', 'subject', 'text', 'html', 'attempts', 'next_attempt_at'])
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Takes a due mail for one try: moves its next try to `until` unless another run moved it first
 * (compare-and-set on next_attempt_at). Answers whether this run got it; a run that dies while
 * sending leaves the mail to be tried again at `until`.
 */
export async function leaseMail(db: Kysely<Database>, id: number, seenNext: number, until: number) {
  const res = await db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: until })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .where('next_attempt_at', '=', seenNext)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Removes up to `limit` mails written before `before`, except those still queued; answers how many. */
export async function deleteMailsBefore(db: Kysely<Database>, before: number, limit: number) {
  const res = await db
    .deleteFrom('mail_outbox')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('mail_outbox')
        .select('id')
        .where('created_at', '<', before)
        .where('status', '<>', 'queued')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function markSent(db: Kysely<Database>, id: number, attempts: number, now: number) {
  await db
    .updateTable('mail_outbox')
    .set({ status: 'sent', attempts, sent_at: now, next_attempt_at: null })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .execute();
}

/** A failed try: `next` is when to try again, or null when it was the last (the mail is then 'failed'). */
export async function markAttemptFailed(
  db: Kysely<Database>,
  id: number,
  attempts: number,
  error: string,
  next: number | null,
) {
  await db
    .updateTable('mail_outbox')
    .set({ status: next === null ? 'failed' : 'queued', attempts, last_error: error, next_attempt_at: next })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .execute();
}
