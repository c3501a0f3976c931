import {
  envelope,
  idParam,
  page,
  roleBody,
  roleGrantBody,
  roleGrants,
  roleListQuery,
  roleOptions,
  roleRow,
} from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../lib/types.js';
import * as roles from './role.service.js';

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['roles'];

  app.get(
    '/roles',
    {
      config: { access: { perm: 'role:list' } },
      schema: {
        tags,
        summary: 'Roles of the organisations in your data scope, paged',
        querystring: roleListQuery,
        response: { 200: envelope(page(roleRow)) },
      },
    },
    async (req, reply) => reply.ok(await roles.listRoles(db, userOf(req), req.query)),
  );

  app.get(
    '/roles/options',
    {
      config: { access: { perm: 'role:list' } },
      schema: {
        tags,
        summary: 'Organisations, data scopes and the sensitive grant you may give',
        response: { 200: envelope(roleOptions) },
      },
    },
    async (req, reply) => reply.ok(await roles.roleOptions(db, userOf(req))),
  );

  app.get(
    '/roles/:id',
    {
      config: { access: { perm: 'role:list' } },
      schema: {
        tags,
        summary: 'One role (404 outside your data scope)',
        params: idParam,
        response: { 200: envelope(roleRow) },
      },
    },
    async (req, reply) => reply.ok(await roles.getRole(db, userOf(req), req.params.id)),
  );

  app.post(
    '/roles',
    {
      config: { access: { perm: 'role:create' } },
      schema: {
        tags,
        summary: 'Create a role (no resources yet: grant them next)',
        body: roleBody,
        response: { 200: envelope(roleRow) },
      },
    },
    async (req, reply) => reply.ok(await roles.createRole(db, userOf(req), req.body), 'success.create'),
  );

  app.put(
    '/roles/:id',
    {
      config: { access: { perm: 'role:update' } },
      schema: {
        tags,
        summary: 'Edit a role',
        params: idParam,
        body: roleBody,
        response: { 200: envelope(roleRow) },
      },
    },
    async (req, reply) => reply.ok(await roles.updateRole(db, userOf(req), req.params.id, req.body), 'success.update'),
  );

  app.delete(
    '/roles/:id',
    {
      config: { access: { perm: 'role:delete' } },
      schema: {
        tags,
        summary: 'Delete a role no user has',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await roles.deleteRole(db, userOf(req), req.params.id);
      return reply.ok(null, 'success.delete');
    },
  );

  app.get(
    '/roles/:id/resources',
    {
      config: { access: { perm: 'role:grant' } },
      schema: {
        tags,
        summary: 'The resource tree, what the role holds and what you may toggle',
        params: idParam,
        response: { 200: envelope(roleGrants) },
      },
    },
    async (req, reply) => reply.ok(await roles.roleGrants(db, userOf(req), req.params.id)),
  );

  app.put(
    '/roles/:id/resources',
    {
      config: { access: { perm: 'role:grant' } },
      schema: {
        tags,
        summary: 'Grant resources (those you do not hold are kept as they were)',
        params: idParam,
        body: roleGrantBody,
        response: { 200: envelope(z.object({ granted: z.array(z.number()) })) },
      },
    },
    async (req, reply) =>
      reply.ok(
        await roles.grantResources(db, userOf(req), req.params.id, req.body.resourceIds),
        'success.authorization',
      ),
  );
};
