import { LIVE_HEARTBEAT_MS, LIVE_WATCH_MAX, type DevicesEvent, type StatsEvent } from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { usable } from '../auth/session.repository.js';
import type { SessionUser } from '../../lib/types.js';
import { userOf } from '../../lib/types.js';
import type { DevicesBusEvent, StatsBusEvent } from '../../plugins/bus.js';
import { visibleDeviceIds } from '../device/device.repository.js';
import { grantedPlantIds } from '../plant/plant.repository.js';

/** Organisation paths ('/1/4/') by id, read again when an unknown organisation shows up. */
class OrgPaths {
  private paths = new Map<number, string>();
  private loading: Promise<void> | undefined;
  constructor(private readonly db: Kysely<Database>) {}

  async get(ids: number[]): Promise<Map<number, string>> {
    if (ids.some((id) => !this.paths.has(id))) {
      this.loading ??= this.db
        .selectFrom('orgs')
        .select(['id', 'path'])
        .execute()
        .then((rows) => {
          this.paths = new Map(rows.map((r) => [r.id, r.path]));
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

/** `?devices=1,2,3`: at most LIVE_WATCH_MAX ids. */
const watchList = z
  .string()
  .regex(new RegExp(`^\\d{1,9}(,\\d{1,9}){0,${LIVE_WATCH_MAX - 1}}$`))
  .optional();

/** Still signed in? The access check's rules (`usable`), but without counting the stream as use (idle expiry still applies). */
async function sessionAlive(db: Kysely<Database>, sessionId: number, idleMs: number): Promise<boolean> {
  const s = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.revoked_at as revokedAt', 's.expires_at as expiresAt', 's.last_seen_at as lastSeenAt', 'u.state'])
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
  return !!s && usable(s, Date.now(), idleMs);
}

/**
 * GET /photo_voltaic/events: server-sent events for the whole console. EventSource cannot send
 * headers, so the token may come as the `token` query parameter (as for currentInfo; logs redact
 * it). Each event is filtered by the caller's data scope; a comment line every LIVE_HEARTBEAT_MS
 * keeps proxies from closing the stream, and the session is checked then: a logout or expiry ends
 * the stream with an `expired` event.
 *
 * `devices=1,2` names the devices the client shows (its device pages): of the `devices` bus events
 * (every device that reported, once a second) the stream sends only those, so what a browser
 * receives does not grow with the fleet. Which of them the caller may see (deviceVisible's rule),
 * and the plants granted to the caller, are read when the stream opens and again after any console
 * write (a `changed` event: a device moved, a grant withdrawn).
 */
export const eventsRoutes: FastifyPluginAsyncZod<{ heartbeatMs?: number }> = async (app, opts) => {
  const heartbeatMs = opts.heartbeatMs ?? LIVE_HEARTBEAT_MS;
  const paths = new OrgPaths(app.db);
  const open = new Set<() => void>();
  // streams never end by themselves: close them before the server waits for its connections
  app.addHook('preClose', async () => {
    for (const close of [...open]) close();
  });

  app.get(
    '/events',
    {
      config: { access: 'session' },
      schema: {
        tags: ['live'],
        summary:
          'Live updates (text/event-stream) of your data scope: `stats` after each refresh, `devices` when watched devices (`devices=1,2`, ones you may see) report, `expired` when the session ends',
        querystring: z.object({ token: z.string().optional(), devices: watchList }),
      },
    },
    async (req, reply) => {
      const me = userOf(req);
      const asked = [...new Set((req.query.devices ?? '').split(',').filter(Boolean).map(Number))];
      let watched: number[] = [];
      let granted = new Set<number>();
      const load = async () => {
        const [devices, plants] = await Promise.all([
          visibleDeviceIds(app.db, me, asked),
          me.dataScope === 'all' ? [] : grantedPlantIds(app.db, me.id),
        ]);
        watched = devices.sort((a, b) => a - b);
        granted = new Set(plants);
      };
      await load();
      // after a console write: once at a time, and once more if another came meanwhile
      let reloading: Promise<void> | undefined;
      let again = false;
      const reload = () => {
        if (reloading) {
          again = true;
          return;
        }
        reloading = load()
          .catch((err: unknown) => app.log.warn({ err }, 'event stream access not read again'))
          .finally(() => {
            reloading = undefined;
            if (again && !closed) {
              again = false;
              reload();
            }
          });
      };
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(`retry: 5000\n: connected\n\n`);
      const send = (type: string, data: unknown) => res.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);

      let closed = false;
      const unsubscribe = app.bus.subscribe((event) => {
        if (closed) return;
        if (event.type === 'stats')
          void paths.get(event.orgIds).then((p) => {
            const mine = eventFor(me, event, p, granted);
            if (mine && !closed) send(mine.type, mine);
          });
        else if (event.type === 'devices') {
          const mine = watched.length ? devicesFor(watched, event) : null;
          if (mine) send(mine.type, mine);
        } else if (event.type === 'changed') reload();
      });
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(close);
        res.end();
      };
      const heartbeat = setInterval(() => {
        void sessionAlive(app.db, me.sessionId, app.config.sessionIdleMs).then(
          (alive) => {
            if (closed) return;
            if (alive) res.write(': ping\n\n');
            else {
              send('expired', { at: Date.now() });
              close();
            }
          },
          (err: unknown) => app.log.warn({ err }, 'event stream session check failed'),
        );
      }, heartbeatMs);
      open.add(close);
      // the client went away (or the connection broke)
      res.on('close', close);
    },
  );
};
