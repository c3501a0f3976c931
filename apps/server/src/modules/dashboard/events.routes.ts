import { envelope, LIVE_HEARTBEAT_MS, LIVE_TICKET_MS, LIVE_WATCH_MAX, liveTicket } from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../lib/types.js';
import { issueStreamTicket } from '../auth/index.js';
import { devicesFor, eventFor, notificationsFor, OrgPaths, sessionAlive, streamAccess } from './events.service.js';

/** `?devices=1,2,3`: at most LIVE_WATCH_MAX ids. */
const watchList = z
  .string()
  .regex(new RegExp(`^\\d{1,9}(,\\d{1,9}){0,${LIVE_WATCH_MAX - 1}}$`))
  .optional();

/**
 * GET /photo_voltaic/events: server-sent events for the whole console. EventSource cannot send
 * headers, and a session token in the address would land in logs and Referer headers: the console
 * first asks POST /events/ticket (with X-Token) for a single-use ticket of its session, good for
 * LIVE_TICKET_MS, and opens the stream with `?ticket=` (logs redact it). A used, expired or
 * signed-out ticket is refused (401); `?token=` is refused here as on every route but currentInfo.
 * Each event is filtered by the caller's data scope; a comment line every LIVE_HEARTBEAT_MS
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

  app.post(
    '/events/ticket',
    {
      // handing out a ticket changes no user, role or session (no cache of any process is emptied)
      // and is no console action worth an audit line (the console asks for one per stream it opens)
      config: { access: 'session', changesNoData: true, audit: false },
      schema: {
        tags: ['live'],
        summary: `A single-use ticket that opens the event stream once (\`GET /events?ticket=\`) within ${LIVE_TICKET_MS / 1000} s, for this session`,
        response: { 200: envelope(liveTicket) },
      },
    },
    async (req, reply) => reply.ok(await issueStreamTicket(app.db, userOf(req).sessionId, LIVE_TICKET_MS)),
  );

  app.get(
    '/events',
    {
      config: { access: 'session', ticketInQuery: true },
      schema: {
        tags: ['live'],
        summary:
          'Live updates (text/event-stream) of your data scope: `stats` after each refresh, `devices` when watched devices (`devices=1,2`, ones you may see) report, `notifications` with your unread count when it changes, `expired` when the session ends',
        querystring: z.object({ ticket: z.string().optional(), devices: watchList }),
      },
    },
    async (req, reply) => {
      const me = userOf(req);
      const asked = [...new Set((req.query.devices ?? '').split(',').filter(Boolean).map(Number))];
      let watched: number[] = [];
      let granted = new Set<number>();
      const load = async () => {
        ({ watched, granted } = await streamAccess(app.db, me, asked));
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
        } else if (event.type === 'notifications') {
          const mine = notificationsFor(me.id, event);
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
