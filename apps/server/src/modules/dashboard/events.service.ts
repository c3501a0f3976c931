import type { DevicesEvent, NotificationsEvent, StatsEvent } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { SessionUser } from '../../lib/types.js';
import type { DevicesBusEvent, NotificationsBusEvent, StatsBusEvent } from '../../plugins/bus.js';
import { usable } from '../auth/index.js';
import { visibleDeviceIds } from '../device/index.js';
import { grantedPlantIds } from '../plant/index.js';
import * as repo from './events.repository.js';

/** Organisation paths ('/1/4/') by id, read again when an unknown organisation shows up. */
export class OrgPaths {
  private paths = new Map<number, string>();
  private loading: Promise<void> | undefined;
  constructor(private readonly db: Kysely<Database>) {}

  async get(ids: number[]): Promise<Map<number, string>> {
    if (ids.some((id) => !this.paths.has(id))) {
      this.loading ??= repo
        .orgPaths(this.db)
        .then((paths) => {
          this.paths = paths;
        })
        .finally(() => {
          this.loading = undefined;
        });
      await this.loading;
    }
    return this.paths;
  }
}

/** The data scope of ARCHITECTURE §4 for an organisation (lib/scope.ts `inScope`, in memory). */
export function orgVisible(me: SessionUser, orgId: number, path: string | undefined): boolean {
  switch (me.dataScope) {
    case 'all':
      return true;
    case 'orgAndChildren':
      return path !== undefined && path.startsWith(me.orgPath);
    default:
      return orgId === me.orgId;
  }
}

/**
 * The part of a bus event the user may see, or null when nothing of it is theirs: the
 * organisations of their data scope, and the plants of those or `granted` to them (ARCHITECTURE §4:
 * a plant grant shows that plant and its devices).
 */
export function eventFor(
  me: SessionUser,
  event: StatsBusEvent,
  paths: Map<number, string>,
  granted: ReadonlySet<number> = new Set(),
): StatsEvent | null {
  const visible = (orgId: number) => orgVisible(me, orgId, paths.get(orgId));
  const orgIds = event.orgIds.filter(visible);
  const plantIds = event.plants.filter(([id, org]) => visible(org) || granted.has(id)).map(([id]) => id);
  if (!orgIds.length && !plantIds.length) return null;
  return {
    type: 'stats',
    at: event.at,
    orgIds,
    plantIds,
    faultIds: event.faults.filter(([, org]) => visible(org)).map(([id]) => id),
  };
}

/** The ids of each `devices` bus event as a set, made once for all the streams the event goes to. */
const idSets = new WeakMap<DevicesBusEvent, ReadonlySet<number>>();

/**
 * The `watched` devices (at most LIVE_WATCH_MAX) a bus event names (up to the devices that reported
 * in a period, thousands), or null: a set lookup per watched id.
 */
export function devicesFor(watched: readonly number[], event: DevicesBusEvent): DevicesEvent | null {
  let named = idSets.get(event);
  if (!named) idSets.set(event, (named = new Set(event.deviceIds)));
  const deviceIds = watched.filter((id) => named.has(id));
  return deviceIds.length ? { type: 'devices', at: event.at, deviceIds } : null;
}

/** The user's new unread count when a `notifications` bus event names them, else null. */
export function notificationsFor(userId: number, event: NotificationsBusEvent): NotificationsEvent | null {
  const mine = event.users.find(([id]) => id === userId);
  return mine ? { type: 'notifications', at: event.at, unread: mine[1] } : null;
}

/**
 * What a stream may show beyond its data scope's organisations: of the `asked` devices those the
 * caller may see (sorted), and the plants granted to the caller.
 */
export async function streamAccess(db: Kysely<Database>, me: SessionUser, asked: number[]) {
  const [devices, plants] = await Promise.all([
    visibleDeviceIds(db, me, asked),
    me.dataScope === 'all' ? [] : grantedPlantIds(db, me.id),
  ]);
  return { watched: devices.sort((a, b) => a - b), granted: new Set(plants) };
}

/** Still signed in? The access check's rules (`usable`), but without counting the stream as use (idle expiry still applies). */
export async function sessionAlive(db: Kysely<Database>, sessionId: number, idleMs: number): Promise<boolean> {
  const s = await repo.sessionState(db, sessionId);
  return !!s && usable(s, Date.now(), idleMs);
}
