import {
  envelope,
  idParam,
  orgGroupBody,
  orgGroupListQuery,
  orgGroupRow,
  orgGroupUpdateBody,
  page,
} from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as groups from './org-group.service.js';

/** Organisation groups (the types of organisations: ROOT, service providers, installers…). */
export const orgGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['organisation groups'];

  app.get(
    '/orgGroups',
    {
      config: { access: { perm: 'orgGroup:list' } },
      schema: {
        tags,
        summary: 'Organisation groups with their number of organisations, paged',
        querystring: orgGroupListQuery,
        response: { 200: envelope(page(orgGroupRow)) },
      },
    },
    async (req, reply) => reply.ok(await groups.listGroups(db, req.query)),
  );

  app.post(
    '/orgGroups',
    {
      config: { access: { perm: 'orgGroup:create' } },
      schema: {
        tags,
        summary: 'Create an organisation group (code unique)',
        body: orgGroupBody,
        response: { 200: envelope(orgGroupRow) },
      },
    },
    async (req, reply) => {
      const { data, note } = await groups.createGroup(db, req.body);
      req.auditNote = note;
      return reply.ok(data, 'success.create');
    },
  );

  app.put(
    '/orgGroups/:id',
    {
      config: { access: { perm: 'orgGroup:update' } },
      schema: {
        tags,
        summary: 'Rename an organisation group (ROOT keeps its code)',
        params: idParam,
        body: orgGroupUpdateBody,
        response: { 200: envelope(orgGroupRow) },
      },
    },
    async (req, reply) => {
      const { data, note } = await groups.updateGroup(db, req.params.id, req.body);
      req.auditNote = note;
      return reply.ok(data, 'success.update');
    },
  );

  app.delete(
    '/orgGroups/:id',
    {
      config: { access: { perm: 'orgGroup:delete' } },
      schema: {
        tags,
        summary: 'Delete an organisation group that holds no organisation (never ROOT)',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      req.auditNote = await groups.deleteGroup(db, req.params.id);
      return reply.ok(null, 'success.delete');
    },
  );
};
