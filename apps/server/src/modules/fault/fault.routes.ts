import { envelope, faultQuery, faultRow, idParam, page } from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../lib/types.js';
import * as faults from './fault.service.js';

/** Faults opened by device events; a repair (with confirmation in the console) closes one. */
export const faultRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['faults'];

  app.get(
    '/faults',
    {
      config: { access: { perm: 'fault:list' } },
      schema: {
        tags,
        summary: 'Faults of the devices in your scope',
        querystring: faultQuery,
        response: { 200: envelope(page(faultRow)) },
      },
    },
    async (req, reply) => reply.ok(await faults.listFaults(db, userOf(req), req.query)),
  );

  app.put(
    '/faults/:id/repair',
    {
      config: { access: { perm: 'fault:repair' } },
      schema: {
        tags,
        summary: 'Mark a fault repaired',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await faults.repairFault(db, userOf(req), req.params.id);
      return reply.ok(null, 'success.repair');
    },
  );
};
