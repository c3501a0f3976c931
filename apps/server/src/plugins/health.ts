import { API_BASE, envelope, translate } from '@pv/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { sendEnvelope } from './errors.js';

/**
 * GET /health: up (200) or down (503, the database does not answer), and nothing else: anyone
 * may ask it (load balancers, uptime checks). The counters are on GET /metrics (plugins/metrics.ts),
 * for this host only.
 */
export function registerHealth(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    `${API_BASE}/health`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Up or down',
        response: {
          200: envelope(z.object({ status: z.literal('up') })),
          503: envelope(z.object({ status: z.literal('down') })),
        },
      },
    },
    async (req, reply) => {
      try {
        await sql`select 1`.execute(app.db);
        return reply.ok({ status: 'up' as const });
      } catch {
        return sendEnvelope(reply, 503, translate(req.lang, 'error.databaseDown'), { status: 'down' });
      }
    },
  );
}
