import { COMMAND_NOT_SENT, commandResult, type CommandRow } from '@pv/contract';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.js';

type Raw = Selectable<Database['commands']> & { login_name: string | null };
const toRow = (r: Raw): CommandRow => ({
  id: r.id,
  cmdId: r.cmd_id,
  kind: r.kind,
  params: JSON.parse(r.params) as unknown,
  status: r.status,
  ackContent: r.ack_content,
  ...commandResult(r.status, r.ack_content),
  source: r.source,
  sentBy: r.login_name,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const withSender = (db: Kysely<Database>) =>
  db.selectFrom('commands as c').leftJoin('users as u', 'u.id', 'c.sent_by').selectAll('c').select('u.login_name');

/** Commands still processing that were created before `before` become unknown; answers their devices. */
export async function expireProcessing(db: Kysely<Database>, before: number, now: number): Promise<number[]> {
  const rows = await db
    .updateTable('commands')
    .set({ status: 'unknown', updated_at: now })
    .where('status', '=', 'processing')
    .where('created_at', '<', before)
    .returning('device_id')
    .execute();
  return rows.map((r) => r.device_id);
}

export async function insertCommand(db: Kysely<Database>, values: Insertable<Database['commands']>) {
  const { id } = await db.insertInto('commands').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** A command the broker could not take: failed, with the ack text that says it was never sent. */
export async function failUnsent(db: Kysely<Database>, id: number, now: number) {
  await db
    .updateTable('commands')
    .set({ status: 'failed', ack_content: COMMAND_NOT_SENT, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** One command with the login name of whoever sent it. */
export async function findCommand(db: Kysely<Database>, id: number) {
  return toRow(await withSender(db).where('c.id', '=', id).executeTakeFirstOrThrow());
}

/** One page of a device's commands, newest first. */
export async function listCommands(db: Kysely<Database>, deviceId: number, limit: number, offset: number) {
  const [{ total }, rows] = await Promise.all([
    db
      .selectFrom('commands')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('device_id', '=', deviceId)
      .executeTakeFirstOrThrow(),
    withSender(db).where('c.device_id', '=', deviceId).orderBy('c.id', 'desc').limit(limit).offset(offset).execute(),
  ]);
  return { rows: rows.map(toRow), total: Number(total) };
}

/** The SN of the collector a sub device's commands go through. */
export async function parentSn(db: Kysely<Database>, parentId: number) {
  return (await db.selectFrom('devices').select('sn').where('id', '=', parentId).executeTakeFirstOrThrow()).sn;
}
