import { randomUUID } from 'node:crypto';
import type { PageQuery, PushCommandBody } from '@pv/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../../lib/types.js';
import * as repo from './command.repository.js';
import { deviceToControl, deviceVisible } from './device.repository.js';

/** What sending a command needs: the database, the device link (absent: stored, not sent) and a log. */
export type CommandDeps = Pick<FastifyInstance, 'db' | 'deviceLink' | 'log'>;

/**
 * A command still processing this long without an ack is "unknown" (spec §4 push results).
 * Answers the device of each command that changed (for the live `devices` event).
 */
export function expireCommands(db: Kysely<Database>, now: number, timeoutMs: number): Promise<number[]> {
  return repo.expireProcessing(db, now - timeoutMs, now);
}

/**
 * Stores a command, then sends it (a sub device is reached through its collector); a command the
 * broker cannot take is marked failed at once. Answers the stored command.
 */
export async function pushCommand(
  { db, deviceLink, log }: CommandDeps,
  device: { id: number; sn: string; parent_id: number | null },
  kind: string,
  params: Record<string, unknown>,
  userId: number,
) {
  const now = Date.now();
  const cmdId = randomUUID();
  const id = await repo.insertCommand(db, {
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
  });
  const target = device.parent_id ? await repo.parentSn(db, device.parent_id) : device.sn;
  try {
    await deviceLink?.publishCommand(target, {
      cmdId,
      kind,
      params: { ...params, ...(device.parent_id ? { subSn: device.sn } : {}) },
    });
  } catch (err) {
    log.warn({ err, cmdId }, 'command not sent');
    await repo.failCommand(db, id, 'not sent: broker unavailable', Date.now());
  }
  return repo.findCommand(db, id);
}

/**
 * A command from the console: the device in the caller's data scope or on a plant granted to
 * them with "control"; one they only see (a view grant) is a 403, one they cannot see a 404.
 */
export async function pushToDevice(deps: CommandDeps, me: SessionUser, id: number, body: PushCommandBody) {
  const found = await deviceToControl(deps.db, me, id);
  if (!found.visible) throw notFound();
  if (!found.controllable) throw forbidden();
  return pushCommand(deps, found.device, body.kind, body.params as Record<string, unknown>, me.id);
}

/** A device's command history, for whoever may see the device (scope or any plant grant). */
export async function commandHistory(
  db: Kysely<Database>,
  me: SessionUser,
  id: number,
  { pageNum, pageSize }: PageQuery,
) {
  const device = await deviceVisible(db, me, { id });
  if (!device) throw notFound();
  return repo.listCommands(db, device.id, pageSize, (pageNum - 1) * pageSize);
}
