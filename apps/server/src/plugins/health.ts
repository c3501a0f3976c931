import { API_BASE, envelope, translate } from '@pv/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { sendEnvelope } from './errors.js';

/** GET /health: liveness, whether the database answers, the broker link and the ingest counters. */
export function registerHealth(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    `${API_BASE}/health`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness and the state of the database',
        response: {
          200: envelope(
            z.object({
              status: z.string(),
              database: z.string(),
              broker: z.string(),
              ingest: z.record(z.string(), z.number()),
            }),
          ),
        },
      },
    },
    async (req, reply) => {
      try {
        await sql`select 1`.execute(app.db);
        return reply.ok({
          status: 'ok',
          database: 'up',
          broker: app.deviceLink?.connected ? 'up' : 'down',
          ingest: { ...app.ingest.stats, ...app.deviceLink?.stats },
        });
      } catch {
        return sendEnvelope(reply, 503, translate(req.lang, 'error.databaseDown'), {
          status: 'degraded',
          database: 'down',
          broker: app.deviceLink?.connected ? 'up' : 'down',
        });
      }
    },
  );
}
