import { envelope, searchQuery, searchResult } from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../lib/types.js';
import * as searching from './search.service.js';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    {
      // any signed-in user: the service answers only what the caller's permissions and scope open
      config: { access: 'session' },
      schema: {
        tags: ['search'],
        summary:
          'Plants by name (plant:list), devices by SN (device:list) and customers by name (customer:list) containing q, of your scope and grants, at most 10 of each',
        querystring: searchQuery,
        response: { 200: envelope(searchResult) },
      },
    },
    async (req, reply) => reply.ok(await searching.search(app.db, userOf(req), req.query.q)),
  );
};
