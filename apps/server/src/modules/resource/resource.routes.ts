import { envelope, idParam, resourceBody, resourceRow } from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../lib/types.js';
import * as resources from './resource.service.js';

export const resourceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['resources'];

  app.get(
    '/resources',
    {
      config: { access: { perm: 'res:list' } },
      schema: {
        tags,
        summary: 'The resource tree (flat, parents first)',
        response: { 200: envelope(z.array(resourceRow)) },
      },
    },
    async (_req, reply) => reply.ok(await resources.listResources(db)),
  );

  app.post(
    '/resources',
    {
      config: { access: { perm: 'res:create' } },
      schema: {
        tags,
        summary: 'Create a menu or button',
        body: resourceBody,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
    },
    async (req, reply) => reply.ok(await resources.createResource(db, userOf(req), req.body), 'success.create'),
  );

  app.put(
    '/resources/:id',
    {
      config: { access: { perm: 'res:update' } },
      schema: {
        tags,
        summary: 'Edit a resource (takes effect on the next currentInfo)',
        params: idParam,
        body: resourceBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await resources.updateResource(db, userOf(req), req.params.id, req.body);
      return reply.ok(null, 'success.update');
    },
  );

  app.delete(
    '/resources/:id',
    {
      config: { access: { perm: 'res:delete' } },
      schema: {
        tags,
        summary: 'Delete a resource without children (a seeded one is not re-created)',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await resources.deleteResource(db, req.params.id);
      return reply.ok(null, 'success.delete');
    },
  );
};
