import { randomUUID } from 'node:crypto';
import { commandRow, envelope, idParam, page, pageQuery, pushCommandBody, translate } from '@pv/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { deviceToControl, deviceVisible } from './device.repository.js';
import { userOf } from '../../lib/types.js';

type Row = Selectable<Database['commands']> & { login_name: string | null };
const toRow = (r: Row) => ({
  id: r.id,
  cmdId: r.cmd_id,
  kind: r.kind,
  params: JSON.parse(r.params) as unknown,
  status: r.status,
  ackContent: r.ack_content,
  source: r.source,
  sentBy: r.login_name,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/**
 * A command still processing this long without an ack is "unknown" (spec §4 push results).
 * Answers the device of each command that changed (for the live `devices` event).
 */
export async function expireCommands(db: Kysely<Database>, now: number, timeoutMs: number): Promise<number[]> {
  const rows = await db
    .updateTable('commands')
    .set({ status: 'unknown', updated_at: now })
    .where('status', '=', 'processing')
    .where('created_at', '<', now - timeoutMs)
    .returning('device_id')
    .execute();
  return rows.map((r) => r.device_id);
}

/**
 * Stores a command, then sends it (a sub device is reached through its collector); a command the
 * broker cannot take is marked failed at once. Answers the stored command.
 */
export async function pushCommand(
  app: FastifyInstance,
  device: { id: number; sn: string; parent_id: number | null },
  kind: string,
  params: Record<string, unknown>,
  userId: number,
) {
  const db = app.db;
  const now = Date.now();
  const cmdId = randomUUID();
  const { id } = await db
    .insertInto('commands')
    .values({
      cmd_id: cmdId,
      device_id: device.id,
      kind,
      params: JSON.stringify(params),
      status: 'processing',
      ack_content: null,
      source: 'console',
      sent_by: userId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const target = device.parent_id
    ? (await db.selectFrom('devices').select('sn').where('id', '=', device.parent_id).executeTakeFirstOrThrow()).sn
    : device.sn;
  try {
    await app.deviceLink?.publishCommand(target, {
      cmdId,
      kind,
      params: { ...params, ...(device.parent_id ? { subSn: device.sn } : {}) },
    });
  } catch (err) {
    app.log.warn({ err, cmdId }, 'command not sent');
    await db
      .updateTable('commands')
      .set({ status: 'failed', ack_content: 'not sent: broker unavailable', updated_at: Date.now() })
      .where('id', '=', id)
      .execute();
  }
  const row = await db
    .selectFrom('commands as c')
    .leftJoin('users as u', 'u.id', 'c.sent_by')
    .selectAll('c')
    .select('u.login_name')
    .where('c.id', '=', id)
    .executeTakeFirstOrThrow();
  return toRow(row);
}

export const commandRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/devices/:id/commands',
    {
      config: { access: { perm: 'device:control' } },
      schema: {
        tags: ['devices'],
        summary: 'Push a command: stored first, then sent; the ack settles it',
        params: idParam,
        body: pushCommandBody,
        response: { 200: envelope(commandRow) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const found = await deviceToControl(db, me, req.params.id);
      if (!found.visible) throw notFound();
      if (!found.controllable) throw forbidden();
      const device = found.device;
      const data = await pushCommand(app, device, req.body.kind, req.body.params as Record<string, unknown>, me.id);
      return { code: 200, msg: translate(req.lang, 'success.push'), data };
    },
  );

  app.get(
    '/devices/:id/commands',
    {
      config: { access: { perm: 'device:list' } },
      schema: {
        tags: ['devices'],
        summary: 'Push command history of a device',
        params: idParam,
        querystring: pageQuery,
        response: { 200: envelope(page(commandRow)) },
      },
    },
    async (req) => {
      const device = await deviceVisible(db, userOf(req), { id: req.params.id });
      if (!device) throw notFound();
      const { pageNum, pageSize } = req.query;
      const [{ total }, rows] = await Promise.all([
        db
          .selectFrom('commands')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .where('device_id', '=', device.id)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('commands as c')
          .leftJoin('users as u', 'u.id', 'c.sent_by')
          .selectAll('c')
          .select('u.login_name')
          .where('c.device_id', '=', device.id)
          .orderBy('c.id', 'desc')
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize)
          .execute(),
      ]);
      return {
        code: 200,
        msg: translate(req.lang, 'success.ok'),
        data: { rows: rows.map(toRow), total: Number(total) },
      };
    },
  );
};
