import { randomUUID } from 'node:crypto';
import { checkCommand, type DeviceCapabilities, type PageQuery, type PushCommandBody } from '@pv/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../../lib/types.js';
import { capabilitiesOfDevice } from '../product/index.js';
import * as repo from './command.repository.js';
import { deviceInScope, deviceToControl, deviceVisible } from './device.repository.js';

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
    await repo.failUnsent(db, id, Date.now());
  }
  return repo.findCommand(db, id);
}

/**
 * A command from the console: the device in the caller's data scope or on a plant granted to
 * them with "control"; one they only see (a view grant) is a 403, one they cannot see a 404. The
 * command must be one the device accepts (its product's capabilities, else its type's defaults):
 * otherwise 400 naming what it takes, before anything is stored or sent.
 */
export async function pushToDevice(deps: CommandDeps, me: SessionUser, id: number, body: PushCommandBody) {
  const found = await deviceToControl(deps.db, me, id);
  if (!found.visible) throw notFound();
  if (!found.controllable) throw forbidden();
  const accepts = await capabilitiesOfDevice(deps.db, found.device.id);
  if (!accepts) throw notFound();
  const refusal = checkCommand(found.device.sn, accepts.capabilities, body);
  if (refusal) throw badRequest(refusal.key, refusal.values);
  return pushCommand(deps, found.device, body.kind, body.params as Record<string, unknown>, me.id);
}

/**
 * What a device accepts, for whoever may see it (scope or any plant grant), with whether the
 * caller may send it commands and firmware, so the console shows only the controls that work.
 */
export async function capabilitiesFor(db: Kysely<Database>, me: SessionUser, id: number): Promise<DeviceCapabilities> {
  const found = await deviceToControl(db, me, id);
  if (!found.visible) throw notFound();
  const accepts = await capabilitiesOfDevice(db, id);
  if (!accepts) throw notFound();
  const inScope = me.perms.has('device:ota') && (await deviceInScope(db, me, { id })) !== undefined;
  return {
    deviceId: accepts.device.id,
    sn: accepts.device.sn,
    type: found.device.type as DeviceCapabilities['type'],
    productId: accepts.device.productId,
    productName: accepts.device.productName,
    source: accepts.source,
    capabilities: accepts.capabilities,
    canControl: found.controllable && me.perms.has('device:control'),
    canOta: inScope && accepts.capabilities.ota,
  };
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
