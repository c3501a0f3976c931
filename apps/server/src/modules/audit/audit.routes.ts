import { auditListQuery, auditRow, envelope, page } from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../lib/types.js';
import { sendXlsx } from '../../lib/xlsx-export.js';
import * as trail from './audit.service.js';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, audit: app.audit };
  const tags = ['audit'];

  app.get(
    '/audit',
    {
      config: { access: { perm: 'audit:list' } },
      schema: {
        tags,
        summary: 'Audit entries, newest first, filtered and paged',
        querystring: auditListQuery,
        response: { 200: envelope(page(auditRow)) },
      },
    },
    async (req, reply) => reply.ok(await trail.listAudit(deps, userOf(req), req.query)),
  );

  app.get(
    '/audit/entities',
    {
      config: { access: { perm: 'audit:list' } },
      schema: {
        tags,
        summary: 'The record types that occur in the trail (for the filter)',
        response: { 200: envelope(z.array(z.string())) },
      },
    },
    async (req, reply) => reply.ok(await trail.auditEntities(app.db, userOf(req))),
  );

  app.get(
    '/audit/export',
    {
      config: { access: { perm: 'audit:export' } },
      schema: {
        tags,
        summary: 'The filtered audit trail as a streamed .xlsx',
        querystring: auditListQuery.omit({ pageNum: true, pageSize: true }),
      },
    },
    async (req, reply) => sendXlsx(req, reply, await trail.auditExport(deps, userOf(req), req.query, req.lang)),
  );
};
