import { API_BASE, pickLanguage } from '@pv/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors.js';
import type { SessionUser } from '../lib/types.js';
import { isApiUrl } from './errors.js';

/** A query parameter of a request (`token`, `ticket`), if any. */
function queryParam(req: FastifyRequest, name: string): string | undefined {
  const q = req.url.indexOf('?');
  if (q < 0) return undefined;
  return new URLSearchParams(req.url.slice(q + 1)).get(name) || undefined;
}

/**
 * The token of a request: the X-Token header; the `token` query parameter only on the routes
 * that declare `config.tokenInQuery` (spec §7's GET /sysOrgUser/currentInfo). Anywhere else a
 * token in the address would land in logs and Referer headers: it is refused. (The event stream,
 * which a browser's EventSource opens without headers, takes a single-use `ticket` instead.)
 */
export function tokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers['x-token'];
  if (typeof header === 'string' && header) return header;
  const token = queryParam(req, 'token');
  if (token && !req.routeOptions.config?.tokenInQuery) throw unauthorized('error.tokenInQuery');
  return token;
}

/**
 * Who is behind a token: the auth module answers it (and keeps its answers until `clear`), the
 * access checks only ask.
 */
export interface SessionResolver {
  /** The signed-in user of `token`, or undefined when it is unknown, revoked, expired or idle. */
  userOf(token: string): Promise<SessionUser | undefined>;
  /**
   * The signed-in user of a single-use ticket (the event stream's `?ticket=`), which this uses up;
   * undefined when it is unknown, used, expired, or its session no longer counts.
   */
  userOfTicket?(ticket: string): Promise<SessionUser | undefined>;
  /** Forgets every kept answer: a console write may have changed users, roles or sessions. */
  clear(): void;
  /** How many signed-in users are kept. */
  readonly size: number;
}

/** No sessions at all: only public routes answer (an app built without an auth module). */
const noSessions: SessionResolver = { userOf: async () => undefined, clear: () => undefined, size: 0 };

/**
 * Every API route declares what it needs (`config.access`); a route without it stops the
 * server at start. Each request is then checked here, before its body is even parsed.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The session token may come as `?token=` (only where a header cannot be sent, see tokenOf). */
    tokenInQuery?: boolean;
    /** The caller may sign in with a single-use `?ticket=` instead of X-Token (the event stream). */
    ticketInQuery?: boolean;
    /**
     * A POST that changes no user, role, session or cached answer (it hands out a stream ticket):
     * it does not empty the caches of every process, as other writes do.
     */
    changesNoData?: boolean;
  }
  interface FastifyInstance {
    sessions: SessionResolver;
    /** Something a console write changed: every server process reads signed-in users (and cached answers) again. */
    dataChanged(): Promise<void>;
    /** Registers what to empty when a console write goes through (here or in another process). */
    onDataChanged(clear: () => void): void;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function registerAccess(app: FastifyInstance, sessions: SessionResolver = noSessions) {
  app.decorate('sessions', sessions);
  const clears: (() => void)[] = [() => sessions.clear()];
  const clearAll = () => clears.forEach((clear) => clear());
  app.decorate('onDataChanged', (clear: () => void) => void clears.push(clear));
  app.decorate('dataChanged', async () => {
    clearAll(); // this process at once (the bus may deliver our own event later)
    await app.bus.publish({ type: 'changed', at: Date.now() });
  });
  // every server process empties its caches when any of them changes something (ARCHITECTURE §4:
  // a disabled user, a revoked session, a role's new permissions count from the next request)
  const unsubscribe = app.bus.subscribe((event) => {
    if (event.type === 'changed') clearAll();
  });
  app.addHook('onClose', async () => unsubscribe());
  // Any console write that went through may have changed users, roles, resources, organisations
  // or sessions; rather than a list of tables to keep in step with every route, any successful
  // write of a signed-in user clears the cache (writes are rare next to reads). It happens before
  // the answer leaves, so the caller's next request already reads the change. (A GET that changes
  // them, the spec's GET /sysLogout, calls app.dataChanged itself.)
  app.addHook('onSend', async (req, reply) => {
    if (req.user && MUTATING.has(req.method) && reply.statusCode < 400 && !req.routeOptions.config?.changesNoData)
      await app.dataChanged();
  });

  app.addHook('onRoute', (route) => {
    const url = route.url;
    if (!url.startsWith(API_BASE) || url.startsWith(`${API_BASE}/docs`)) return;
    if (!route.config?.access)
      throw new Error(`Route ${String(route.method)} ${url} declares no access (config.access)`);
  });

  app.addHook('onRequest', async (req) => {
    req.lang = pickLanguage(req.headers['accept-language']);
    if (!isApiUrl(req.url)) return;
    const access = req.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const token = tokenOf(req);
    const ticket = !token && req.routeOptions.config?.ticketInQuery ? queryParam(req, 'ticket') : undefined;
    let user: SessionUser | undefined;
    if (ticket) {
      user = await sessions.userOfTicket?.(ticket);
      if (!user) throw unauthorized('error.ticketInvalid');
    } else {
      if (!token) throw unauthorized();
      user = await sessions.userOf(token);
      if (!user) throw unauthorized('error.sessionExpired');
    }
    req.user = user;
    if (access !== 'session' && !user.perms.has(access.perm)) throw forbidden();
  });
}
