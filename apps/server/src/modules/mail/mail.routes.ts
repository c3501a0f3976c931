import { envelope, idParam, mailDetail, mailOutboxQuery, mailRow, page } from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../lib/types.js';
import * as mail from './mail.service.js';

/** The outbox an administrator reads: what was sent, what waits for a retry, what failed, what is kept without a relay. */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['mail'];

  app.get(
    '/mail/outbox',
    {
      config: { access: { perm: 'mail:outbox' } },
      schema: {
        tags,
        summary: 'The mail outbox, newest first (platform operator only)',
        querystring: mailOutboxQuery,
        response: { 200: envelope(page(mailRow)) },
      },
    },
    async (req, reply) => reply.ok(await mail.listOutbox(app.db, userOf(req), req.query)),
  );

  app.get(
    '/mail/outbox/:id',
    {
      config: { access: { perm: 'mail:outbox' } },
      schema: {
        tags,
        summary: 'One mail of the outbox as it was (or will be) sent',
        params: idParam,
        response: { 200: envelope(mailDetail) },
      },
    },
    async (req, reply) => reply.ok(await mail.getMail(app.db, userOf(req), req.params.id)),
  );
};
