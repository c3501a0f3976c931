import { API_BASE, pickLanguage } from '@pv/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors.js';
import { findSessionUser } from '../modules/auth/session.repository.js';
import { isApiUrl } from './errors.js';

/** The token of a request: the X-Token header, else the `token` query parameter (spec §7). */
export function tokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers['x-token'];
  if (typeof header === 'string' && header) return header;
  const q = req.url.indexOf('?');
  if (q < 0) return undefined;
  return new URLSearchParams(req.url.slice(q + 1)).get('token') ?? undefined;
}

/**
 * Every API route declares what it needs (`config.access`); a route without it stops the
 * server at start. Each request is then checked here, before its body is even parsed.
 */
export function registerAccess(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const url = route.url;
    if (!url.startsWith(API_BASE) || url.startsWith(`${API_BASE}/docs`)) return;
    if (!route.config?.access) throw new Error(`Route ${String(route.method)} ${url} declares no access (config.access)`);
  });

  app.addHook('onRequest', async (req) => {
    req.lang = pickLanguage(req.headers['accept-language']);
    if (!isApiUrl(req.url)) return;
    const access = req.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const token = tokenOf(req);
    if (!token) throw unauthorized();
    const user = await findSessionUser(app.db, token, app.config.sessionIdleMs);
    if (!user) throw unauthorized('error.sessionExpired');
    req.user = user;
    if (access !== 'session' && !user.perms.has(access.perm)) throw forbidden();
  });
}
