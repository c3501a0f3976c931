import { DEFAULT_DATE_FORMAT, ORG_GROUP_CODES, translate, type AuditListQuery, type MessageKey } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { ApiError } from '../../lib/errors.js';
import type { SessionUser } from '../../lib/types.js';
import type { XlsxColumn, XlsxExport } from '../../lib/xlsx-export.js';
import type { AuditLog } from '../../plugins/audit.js';
import * as repo from './audit.repository.js';

export interface AuditDeps {
  db: Kysely<Database>;
  audit: AuditLog;
}

/** The audit trail is the platform operator's: a ROOT-group session besides the permission. */
function requireRoot(me: SessionUser) {
  if (me.orgGroupCode !== ORG_GROUP_CODES.ROOT) throw new ApiError(403, 'audit.rootOnly');
}

export async function listAudit(
  { db, audit }: AuditDeps,
  me: SessionUser,
  { pageNum, pageSize, ...f }: AuditListQuery,
) {
  requireRoot(me);
  // what is still queued is written first, so the trail shows the caller's latest actions
  await audit.flush();
  return repo.listAudit(db, f, pageSize, (pageNum - 1) * pageSize);
}

export function auditEntities(db: Kysely<Database>, me: SessionUser) {
  requireRoot(me);
  return repo.auditEntities(db);
}

const EXPORT_COLUMNS: XlsxColumn[] = [
  { key: 'at', header: 'auditExport.at', width: 20, date: DEFAULT_DATE_FORMAT },
  { key: 'loginName', header: 'auditExport.loginName', width: 16 },
  { key: 'orgName', header: 'auditExport.orgName', width: 16 },
  { key: 'action', header: 'auditExport.action', width: 16 },
  { key: 'entity', header: 'auditExport.entity', width: 16 },
  { key: 'recordId', header: 'auditExport.recordId', width: 16 },
  { key: 'summary', header: 'auditExport.summary', width: 60 },
  { key: 'ip', header: 'auditExport.ip', width: 16 },
];

/** The filtered trail as an .xlsx, newest first (actions in the caller's language). */
export async function auditExport(
  { db, audit }: AuditDeps,
  me: SessionUser,
  filters: repo.AuditFilters,
  lang: string,
): Promise<XlsxExport<Record<string, unknown>>> {
  requireRoot(me);
  await audit.flush();
  async function* rows() {
    for await (const row of repo.iterateAudit(db, filters))
      yield {
        ...row,
        at: new Date(row.at),
        action: translate(lang, `auditExport.actions.${row.action}` as const satisfies MessageKey),
      };
  }
  return { filename: 'audit.xlsx', sheet: 'auditExport.sheet', columns: EXPORT_COLUMNS, rows: rows() };
}
