import { hash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { GenerationCache } from '../../lib/generation-cache.js';
import type { SessionUser } from '../../lib/types.js';
import type { SessionResolver } from '../../plugins/access.js';
import * as repo from './session.repository.js';
import { usable, type LoadedSession } from './session.repository.js';

/** The stored form of a token: its sha256 in hex (one-shot `hash`, without a Hash object per request). */
export const hashToken = (token: string) => hash('sha256', token, 'hex');

/** A new opaque token (256 bits); only its hash is stored. */
export async function createSession(
  db: Kysely<Database>,
  userId: number,
  maxMs: number,
  roleId: number | null = null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await repo.insertSession(db, { tokenHash: hashToken(token), userId, roleId, now, expiresAt: now + maxMs });
  return token;
}

/**
 * Signed-in users by token hash, so a request does not read its session, roles and permissions
 * again (most of a small request's cost). Any change that can touch them (a mutating console
 * request, see plugins/access.ts) empties the cache of every server process through the event
 * bus; an entry also lives at most `ttlMs`. Only a session that passes its checks is kept: a
 * refusal is always read again from the database.
 */
export class SessionCache extends GenerationCache<LoadedSession> {
  /** `ttlMs` 0 turns the cache off. */
  constructor(ttlMs = 10_000, max = 10_000) {
    super({ ttlMs, max });
  }
}

/** The user behind a token, or undefined when it is unknown, revoked, expired or idle too long. */
export async function findSessionUser(
  db: Kysely<Database>,
  token: string,
  idleMs: number,
  cache?: SessionCache,
): Promise<SessionUser | undefined> {
  return sessionUserOf(db, hashToken(token), idleMs, cache);
}

/** findSessionUser by the token's hash. */
async function sessionUserOf(
  db: Kysely<Database>,
  hash: string,
  idleMs: number,
  cache?: SessionCache,
): Promise<SessionUser | undefined> {
  const now = Date.now();
  const cached = cache?.get(hash);
  let session: LoadedSession | undefined;
  if (cached && usable(cached, now, idleMs)) {
    session = cached;
  } else {
    const generation = cache?.begin() ?? 0;
    session = await repo.loadSession(db, hash);
    if (!session || !usable(session, now, idleMs)) return undefined;
    cache?.set(hash, generation, session);
  }
  if (now - session.lastSeenAt > 60_000) {
    // at most one write a minute per session (and process)
    session.lastSeenAt = now;
    await repo.touchSession(db, session.user.sessionId, now);
  }
  return session.user;
}

/**
 * A single-use ticket of the event stream for a session (EventSource cannot send X-Token): good
 * once, for `ttlMs`. Only its hash is stored, in the database, so any server process takes it.
 */
export async function issueStreamTicket(
  db: Kysely<Database>,
  sessionId: number,
  ttlMs: number,
): Promise<{ ticket: string; expiresAt: number }> {
  const ticket = randomBytes(32).toString('base64url');
  const now = Date.now();
  const expiresAt = now + ttlMs;
  await repo.insertStreamTicket(db, { ticketHash: hashToken(ticket), sessionId, now, expiresAt });
  return { ticket, expiresAt };
}

/** The sessions of this module as the access plugin knows them: a token in, a signed-in user out. */
export class Sessions implements SessionResolver {
  private readonly cache: SessionCache;
  constructor(
    private readonly db: Kysely<Database>,
    private readonly idleMs: number,
    cacheMs: number,
  ) {
    this.cache = new SessionCache(cacheMs);
  }
  userOf(token: string) {
    return findSessionUser(this.db, token, this.idleMs, this.cache);
  }
  /** The user of a stream ticket, which is used up: undefined when unknown, used, expired or its session ended. */
  async userOfTicket(ticket: string) {
    const tokenHash = await repo.takeStreamTicket(this.db, hashToken(ticket), Date.now());
    return tokenHash === undefined ? undefined : sessionUserOf(this.db, tokenHash, this.idleMs, this.cache);
  }
  clear() {
    this.cache.clear();
  }
  get size() {
    return this.cache.size;
  }
}

/** What `registerAccess` checks tokens with (app.ts: `registerAccess(app, authSessions(app))`). */
export const authSessions = (app: FastifyInstance) =>
  new Sessions(app.db, app.config.sessionIdleMs, app.config.cacheMs);
