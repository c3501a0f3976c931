import {
  DEFAULT_DATE_FORMAT,
  CLIENT_ERROR_LIMITS,
  ORG_GROUP_CODES,
  translate,
  type ClientErrorQuery,
  type ClientErrorReport,
  type MessageKey,
} from '@pv/contract';
import type { Kysely, Selectable } from 'kysely';
import { WindowLimiter } from '../../lib/window-limiter.js';
import type { Database } from '../../db/database.js';
import type { ClientErrorsTable } from './client-error.tables.js';
import { ApiError } from '../../lib/errors.js';
import type { SessionUser } from '../../lib/types.js';
import type { XlsxColumn, XlsxExport } from '../../lib/xlsx-export.js';
import * as repo from './client-error.repository.js';

/* The interface error log (spec §3 "Error logs"): what consoles report, read by an administrator. */

type Db = Kysely<Database>;

/** How long reports are kept. */
export const CLIENT_ERROR_RETENTION_MS = 30 * 86_400_000;

/**
 * Entries each user may report per minute, counted in this process (a console reports at most
 * every few seconds, so a loop of errors is what this stops): past CLIENT_ERROR_LIMITS.perMinute
 * the report answers 429 and nothing is stored.
 */
export const reportLimiter = () => new WindowLimiter<number>(CLIENT_ERROR_LIMITS.perMinute, 60_000);

/** "Chrome 142", "Firefox 139", "Safari 18", "Edge 142" from a user agent; its first word otherwise. */
export function browserOf(ua: string): string {
  for (const [name, re] of [
    ['Edge', /\bEdg\/(\d+)/],
    ['Opera', /\bOPR\/(\d+)/],
    ['Firefox', /\bFirefox\/(\d+)/],
    ['Chrome', /\b(?:Headless)?Chrom(?:e|ium)\/(\d+)/],
    ['Safari', /\bVersion\/(\d+).*Safari\//],
  ] as const) {
    const m = re.exec(ua);
    if (m) return `${name} ${m[1]}`;
  }
  return ua.split(/[\s/]/)[0] || '-';
}

export async function reportClientErrors(
  db: Db,
  limiter: WindowLimiter<number>,
  me: SessionUser,
  userAgent: string,
  { entries }: ClientErrorReport,
  now = Date.now(),
) {
  if (!limiter.take(me.id, entries.length, now)) throw new ApiError(429, 'error.tooManyRequests');
  const ua = userAgent.slice(0, 500);
  await repo.insertClientErrors(
    db,
    entries.map((e) => ({
      user_id: me.id,
      login_name: me.loginName,
      kind: e.kind,
      message: e.message,
      stack: e.stack ?? null,
      route: e.route,
      url: e.url ?? null,
      status: e.status ?? null,
      user_agent: ua,
      // the browser's clock may be off: never in the future of the server's
      at: Math.min(e.at, now),
      created_at: now,
    })),
  );
  return { stored: entries.length };
}

const toRow = (r: Selectable<ClientErrorsTable>) => ({
  id: r.id,
  kind: r.kind as 'error' | 'render' | 'request',
  message: r.message,
  ...(r.stack !== null && { stack: r.stack }),
  route: r.route,
  ...(r.url !== null && { url: r.url }),
  ...(r.status !== null && { status: r.status }),
  at: Number(r.at),
  loginName: r.login_name,
  browser: browserOf(r.user_agent),
  userAgent: r.user_agent,
  createdAt: Number(r.created_at),
});

/** The log holds every organisation's users and routes: the platform operator's (a ROOT-group session besides errorlog:list/export). */
function requireRoot(me: SessionUser) {
  if (me.orgGroupCode !== ORG_GROUP_CODES.ROOT) throw new ApiError(403, 'error.forbidden');
}

export async function listClientErrors(db: Db, me: SessionUser, { pageNum, pageSize, ...f }: ClientErrorQuery) {
  requireRoot(me);
  const { rows, total } = await repo.listClientErrors(db, f, pageSize, (pageNum - 1) * pageSize);
  return { rows: rows.map(toRow), total };
}

export const pruneClientErrors = (db: Db, now = Date.now()) =>
  repo.deleteClientErrorsBefore(db, now - CLIENT_ERROR_RETENTION_MS);

const EXPORT_COLUMNS: XlsxColumn[] = [
  { key: 'at', header: 'errorLogExport.at', width: 20, date: DEFAULT_DATE_FORMAT },
  { key: 'kind', header: 'errorLogExport.kind', width: 16 },
  { key: 'message', header: 'errorLogExport.message', width: 60 },
  { key: 'route', header: 'errorLogExport.route', width: 28 },
  { key: 'url', header: 'errorLogExport.request', width: 36 },
  { key: 'status', header: 'errorLogExport.status', width: 12 },
  { key: 'loginName', header: 'errorLogExport.loginName', width: 16 },
  { key: 'browser', header: 'errorLogExport.browser', width: 14 },
  { key: 'userAgent', header: 'errorLogExport.userAgent', width: 40 },
  { key: 'stack', header: 'errorLogExport.stack', width: 60 },
];

/** The filtered log as an .xlsx, newest first, kinds in the caller's language (the platform operator's, as the list). */
export function clientErrorExport(
  db: Db,
  me: SessionUser,
  filters: Omit<ClientErrorQuery, 'pageNum' | 'pageSize'>,
  lang: string,
): XlsxExport<Record<string, unknown>> {
  requireRoot(me);
  async function* rows() {
    for await (const r of repo.iterateClientErrors(db, filters)) {
      const row = toRow(r);
      yield {
        ...row,
        at: new Date(row.at),
        kind: translate(lang, `errorLogExport.kinds.${row.kind}` as const satisfies MessageKey),
      };
    }
  }
  return { filename: 'error-log.xlsx', sheet: 'errorLogExport.sheet', columns: EXPORT_COLUMNS, rows: rows() };
}
