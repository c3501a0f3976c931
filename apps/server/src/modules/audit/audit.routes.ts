import { PassThrough } from 'node:stream';
import {
  auditListQuery,
  auditRow,
  envelope,
  fieldNamesEn,
  fieldNamesZh,
  ORG_GROUP_CODES,
  page,
  translate,
  type AuditListQuery,
  type AuditRow,
} from '@pv/contract';
import ExcelJS from 'exceljs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { ApiError } from '../../lib/errors.js';
import { userOf, type SessionUser } from '../../lib/types.js';

type Filters = Omit<AuditListQuery, 'pageNum' | 'pageSize'>;

function filtered(db: Kysely<Database>, f: Filters) {
  let q = db.selectFrom('audit_logs as a').leftJoin('orgs as o', 'o.id', 'a.org_id');
  if (f.user) q = q.where('a.login_name', 'like', `${f.user}%`);
  if (f.action) q = q.where('a.action', '=', f.action);
  if (f.entity) q = q.where('a.entity', '=', f.entity);
  if (f.from !== undefined) q = q.where('a.at', '>=', f.from);
  if (f.to !== undefined) q = q.where('a.at', '<=', f.to);
  return q;
}

const COLUMNS = [
  'a.id',
  'a.at',
  'a.user_id',
  'a.login_name',
  'a.org_id',
  'o.name as org_name',
  'a.action',
  'a.entity',
  'a.record_id',
  'a.summary',
  'a.method',
  'a.route',
  'a.ip',
] as const;

type Row = {
  id: number;
  at: number;
  user_id: number | null;
  login_name: string | null;
  org_id: number | null;
  org_name: string | null;
  action: string;
  entity: string;
  record_id: string | null;
  summary: string;
  method: string;
  route: string;
  ip: string;
};

const toRow = (r: Row): AuditRow => ({
  id: r.id,
  at: Number(r.at),
  userId: r.user_id,
  loginName: r.login_name,
  orgId: r.org_id,
  orgName: r.org_name,
  action: r.action as AuditRow['action'],
  entity: r.entity,
  recordId: r.record_id,
  summary: r.summary,
  method: r.method,
  route: r.route,
  ip: r.ip,
});

/** The audit trail is the platform operator's: a ROOT-group session besides the permission. */
function requireRoot(me: SessionUser) {
  if (me.orgGroupCode !== ORG_GROUP_CODES.ROOT) throw new ApiError(403, 'audit.rootOnly');
}

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/audit',
    {
      config: { access: { perm: 'audit:list' } },
      schema: {
        tags: ['audit'],
        summary: 'Audit entries, newest first, filtered and paged',
        querystring: auditListQuery,
        response: { 200: envelope(page(auditRow)) },
      },
    },
    async (req) => {
      requireRoot(userOf(req));
      // what is still queued is written first, so the trail shows the caller's latest actions
      await app.audit.flush();
      const { pageNum, pageSize, ...f } = req.query;
      const [{ total }, rows] = await Promise.all([
        filtered(db, f)
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirstOrThrow(),
        filtered(db, f)
          .select(COLUMNS)
          .orderBy('a.at', 'desc')
          .orderBy('a.id', 'desc')
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize)
          .execute(),
      ]);
      return {
        code: 200,
        msg: translate(req.lang, 'success.ok'),
        data: { rows: rows.map(toRow), total: Number(total) },
      };
    },
  );

  app.get(
    '/audit/entities',
    {
      config: { access: { perm: 'audit:list' } },
      schema: {
        tags: ['audit'],
        summary: 'The record types that occur in the trail (for the filter)',
        response: { 200: envelope(z.array(z.string())) },
      },
    },
    async (req) => {
      requireRoot(userOf(req));
      const rows = await db.selectFrom('audit_logs').select('entity').distinct().orderBy('entity').execute();
      return { code: 200, msg: translate(req.lang, 'success.ok'), data: rows.map((r) => r.entity) };
    },
  );

  app.get(
    '/audit/export',
    {
      config: { access: { perm: 'audit:export' } },
      schema: {
        tags: ['audit'],
        summary: 'The filtered audit trail as a streamed .xlsx',
        querystring: auditListQuery.omit({ pageNum: true, pageSize: true }),
      },
    },
    async (req, reply) => {
      requireRoot(userOf(req));
      await app.audit.flush();
      const names = req.lang === 'zh' ? fieldNamesZh : fieldNamesEn;
      const stream = new PassThrough();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
      const sheet = workbook.addWorksheet('Audit');
      const keys = ['at', 'loginName', 'orgName', 'action', 'entity', 'recordId', 'summary', 'ip'] as const;
      sheet.columns = keys.map((key) => ({
        header: names[key] ?? key,
        key,
        width: key === 'summary' ? 60 : key === 'at' ? 20 : 16,
      }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      void (async () => {
        try {
          // keyset pages of 1000 rows: the export never holds the whole trail in memory
          let before: { at: number; id: number } | undefined;
          for (;;) {
            let q = filtered(db, req.query).select(COLUMNS).orderBy('a.at', 'desc').orderBy('a.id', 'desc').limit(1000);
            if (before) {
              const b = before;
              q = q.where((eb) =>
                eb.or([eb('a.at', '<', b.at), eb.and([eb('a.at', '=', b.at), eb('a.id', '<', b.id)])]),
              );
            }
            const rows = await q.execute();
            for (const r of rows) {
              const row = toRow(r);
              sheet.addRow({ ...row, at: new Date(row.at), action: names[row.action] ?? row.action }).commit();
            }
            if (rows.length < 1000) break;
            const last = rows[rows.length - 1]!;
            before = { at: Number(last.at), id: last.id };
          }
          sheet.commit();
          await workbook.commit();
        } catch (err) {
          req.log.error({ err }, 'audit export failed');
          stream.destroy(err as Error);
        }
      })();
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="audit.xlsx"')
        .send(stream);
    },
  );
};
