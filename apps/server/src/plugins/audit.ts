import { API_BASE, type AuditAction } from '@pv/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import type { AuditLogsTable, Database } from '../db/database.js';

/**
 * What a route may say about its own audit entry (`config.audit`): `false` records nothing
 * (device traffic, the auth routes that record themselves), otherwise it overrides what the
 * hook derives from the method and the route pattern.
 */
export type AuditOption = false | { action?: AuditAction; entity?: string };

/** Set by a handler to give its entry a better summary or record id than the generic one. */
export interface AuditNote {
  summary?: string;
  recordId?: string | number;
  entity?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: AuditOption;
  }
  interface FastifyRequest {
    auditNote?: AuditNote;
    /** The answer's `data` (before serialisation), for a created record's id. */
    auditData?: unknown;
  }
  interface FastifyInstance {
    audit: AuditLog;
  }
}

export type AuditEntry = Insertable<AuditLogsTable>;

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Body fields never written to the trail, whatever route carries them. */
const SECRET = /pass|pwd|token|secret|key|credential/i;
/** Last path segments that hand out permissions or roles. */
const GRANTING = /^(grant|grants|resources|roles|perms|permissions|assign|authori[sz]e|authorization)$/i;
const SUMMARY_MAX = 1000;

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** 'orgGroups' → 'orgGroup', 'devices' → 'device', 'firmware' stays. */
export function singular(segment: string): string {
  if (/ies$/.test(segment)) return `${segment.slice(0, -3)}y`;
  if (/(ss|us)$/.test(segment)) return segment;
  return segment.endsWith('s') ? segment.slice(0, -1) : segment;
}

/** Action and entity of a route: the method says the verb, the pattern's first static segment the record type. */
export function deriveAction(method: string, pattern: string): { action: AuditAction; entity: string } {
  const segments = pattern.slice(API_BASE.length).split('/').filter(Boolean);
  const statics = segments.filter((s) => !s.startsWith(':') && s !== '*');
  const entity = singular(statics[0] ?? 'api');
  const last = statics.length > 1 ? statics[statics.length - 1]! : '';
  let action: AuditAction = method === 'POST' ? 'create' : method === 'DELETE' ? 'delete' : 'update';
  if (GRANTING.test(last) && method !== 'DELETE') action = 'grant';
  // POST /things/:id/verb acts on an existing record
  else if (method === 'POST' && segments.some((s) => s.startsWith(':'))) action = 'update';
  return { action, entity };
}

/** key=value pairs of a JSON body, secrets left out, long values cut. */
export function summarise(body: unknown): string {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return '';
  const parts: string[] = [];
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (SECRET.test(k)) continue;
    if (v === undefined) continue;
    const text = typeof v === 'string' ? v : JSON.stringify(v);
    parts.push(`${k}=${clip(text ?? '', 80)}`);
  }
  return parts.join(', ');
}

function recordIdOf(req: FastifyRequest): string | null {
  if (req.auditNote?.recordId !== undefined) return String(req.auditNote.recordId);
  const params = (req.params ?? {}) as Record<string, unknown>;
  const fromParams = params.id ?? params.sn ?? Object.values(params)[0];
  if (fromParams !== undefined && fromParams !== null && fromParams !== '') return clip(String(fromParams), 64);
  const data = req.auditData as { data?: { id?: unknown } } | undefined;
  const id = data?.data?.id;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : null;
}

/**
 * Audit writes are queued and written in batches (one INSERT per second at most, or at 200
 * entries), so a request never waits for them; `flush()` writes what is queued (the app calls
 * it on close, the audit list before it reads). A failed batch is logged with its entries.
 */
export class AuditLog {
  private queue: AuditEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    private readonly delayMs = 1000,
    private readonly batchSize = 200,
  ) {}

  push(entry: Omit<AuditEntry, 'at' | 'summary'> & { at?: number; summary?: string }) {
    this.queue.push({
      ...entry,
      at: entry.at ?? Date.now(),
      summary: clip(entry.summary ?? '', SUMMARY_MAX),
      login_name: entry.login_name ? clip(entry.login_name, 64) : null,
      route: clip(entry.route, 255),
      ip: clip(entry.ip, 64),
    });
    if (this.queue.length >= this.batchSize) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.delayMs);
      this.timer.unref();
    }
  }

  get pending() {
    return this.queue.length;
  }

  /** Writes everything queued so far; resolves when it is in the database (or logged as lost). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue;
    this.queue = [];
    this.writing = this.writing.then(async () => {
      if (batch.length === 0) return;
      try {
        await this.db.insertInto('audit_logs').values(batch).execute();
      } catch (err) {
        this.log.error({ err, entries: batch }, `audit: ${batch.length} entries could not be written`);
      }
    });
    return this.writing;
  }
}

/**
 * Records every successful mutating API call of a signed-in user (routes written anywhere are
 * covered without their help): user, organisation, action from the method and the route
 * pattern, entity, record id, a summary without secrets, client address and time.
 */
export function registerAudit(app: FastifyInstance) {
  const audit = app.audit;
  app.decorateRequest('auditNote', undefined);
  app.decorateRequest('auditData', undefined);

  app.addHook('preSerialization', async (req, _reply, payload) => {
    if (MUTATING.has(req.method) && req.user) req.auditData = payload;
    return payload;
  });

  app.addHook('onResponse', async (req, reply) => {
    if (!MUTATING.has(req.method) || !req.user) return;
    if (reply.statusCode < 200 || reply.statusCode >= 300) return;
    const pattern = req.routeOptions.url;
    if (!pattern || !pattern.startsWith(API_BASE)) return;
    const option = req.routeOptions.config?.audit;
    if (option === false) return;
    const derived = deriveAction(req.method, pattern);
    const action = option?.action ?? derived.action;
    const entity = req.auditNote?.entity ?? option?.entity ?? derived.entity;
    const body = String(req.headers['content-type'] ?? '').startsWith('multipart/') ? '' : summarise(req.body);
    const summary = [req.auditNote?.summary, body].filter(Boolean).join(' · ');
    audit.push({
      user_id: req.user.id,
      login_name: req.user.loginName,
      org_id: req.user.orgId,
      action,
      entity,
      record_id: recordIdOf(req),
      summary,
      method: req.method,
      route: pattern.slice(API_BASE.length) || '/',
      ip: req.ip,
    });
  });
}
