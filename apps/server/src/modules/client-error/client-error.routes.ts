import { CLIENT_ERROR_LIMITS, clientErrorQuery, clientErrorReport, clientErrorRow, envelope, page } from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../lib/types.js';
import { sendXlsx } from '../../lib/xlsx-export.js';
import * as errors from './client-error.service.js';

/** Reports from the consoles (any signed-in user) and the log an administrator reads. */
export const clientErrorRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['error log'];
  const limiter = errors.reportLimiter();

  app.post(
    '/client-errors',
    {
      // size-limited: a report past the limit answers 413 before it is parsed
      bodyLimit: CLIENT_ERROR_LIMITS.bodyBytes,
      config: { access: 'session', audit: false },
      schema: {
        tags,
        summary: 'Report errors the console met (at most 20 entries; rate-limited per user)',
        body: clientErrorReport,
        response: { 200: envelope(z.object({ stored: z.number() })) },
      },
    },
    async (req, reply) =>
      reply.ok(
        await errors.reportClientErrors(app.db, limiter, userOf(req), req.headers['user-agent'] ?? '', req.body),
        'success.report',
      ),
  );

  app.get(
    '/client-errors',
    {
      config: { access: { perm: 'errorlog:list' } },
      schema: {
        tags,
        summary: 'The interface error log, newest first (platform operator only)',
        querystring: clientErrorQuery,
        response: { 200: envelope(page(clientErrorRow)) },
      },
    },
    async (req, reply) => reply.ok(await errors.listClientErrors(app.db, userOf(req), req.query)),
  );

  app.get(
    '/client-errors/export',
    {
      config: { access: { perm: 'errorlog:export' } },
      schema: {
        tags,
        summary: 'The filtered interface error log as a streamed .xlsx (platform operator only)',
        querystring: clientErrorQuery.omit({ pageNum: true, pageSize: true }),
      },
    },
    async (req, reply) => sendXlsx(req, reply, errors.clientErrorExport(app.db, userOf(req), req.query, req.lang)),
  );
};
