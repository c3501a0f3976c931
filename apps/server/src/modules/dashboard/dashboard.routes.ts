import { dashboardData, dashboardQuery, envelope } from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../lib/types.js';
import { dashboardFor } from './dashboard.service.js';

/** The dashboard (home of ROOT users): KPI cards and charts of the caller's data scope. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      config: { access: { perm: 'dashboard:view' } },
      schema: {
        tags: ['dashboard'],
        summary:
          "KPIs, today's power curve, production per day and month, top plants by specific yield (your data scope; calendar of tz)",
        querystring: dashboardQuery,
        response: { 200: envelope(dashboardData) },
      },
    },
    async (req, reply) => reply.ok(await dashboardFor(app.db, userOf(req), req.query.tz)),
  );
};
