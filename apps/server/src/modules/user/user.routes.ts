import {
  envelope,
  idParam,
  page,
  passwordOnce,
  resetPasswordBody,
  userCreateBody,
  userListQuery,
  userOptions,
  userRolesBody,
  userRow,
  userStateBody,
  userUpdateBody,
} from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../lib/types.js';
import { sendXlsx } from '../../lib/xlsx-export.js';
import * as users from './user.service.js';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['users'];

  app.get(
    '/users',
    {
      config: { access: { perm: 'user:list' } },
      schema: {
        tags,
        summary: 'Users in your data scope, paged',
        querystring: userListQuery,
        response: { 200: envelope(page(userRow)) },
      },
    },
    async (req, reply) => reply.ok(await users.listUsers(db, userOf(req), req.query)),
  );

  app.get(
    '/users/export',
    {
      config: { access: { perm: 'user:export' } },
      schema: {
        tags,
        summary: 'The filtered user list as a streamed .xlsx',
        querystring: userListQuery.omit({ pageNum: true, pageSize: true }),
      },
    },
    async (req, reply) => sendXlsx(req, reply, users.userExport(db, userOf(req), req.query, req.lang)),
  );

  app.get(
    '/users/:id',
    {
      config: { access: { perm: 'user:list' } },
      schema: {
        tags,
        summary: 'One user (404 outside your data scope)',
        params: idParam,
        response: { 200: envelope(userRow) },
      },
    },
    async (req, reply) => reply.ok(await users.getUser(db, userOf(req), req.params.id)),
  );

  app.put(
    '/users/:id/state',
    {
      config: { access: { perm: 'user:enable' } },
      schema: {
        tags,
        summary: 'Enable or disable a user',
        params: idParam,
        body: userStateBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      const { state } = req.body;
      await users.setUserState(db, userOf(req), req.params.id, state);
      return reply.ok(null, state === 'disabled' ? 'success.disable' : 'success.enable');
    },
  );

  app.get(
    '/users/options',
    {
      config: { access: { perm: 'user:list' } },
      schema: {
        tags,
        summary: 'Organisations and assignable roles for the user form',
        response: { 200: envelope(userOptions) },
      },
    },
    async (req, reply) => reply.ok(await users.formOptions(db, userOf(req))),
  );

  app.post(
    '/users',
    {
      config: { access: { perm: 'user:create' } },
      schema: {
        tags,
        summary: 'Create a user (the password, given or generated, is answered once)',
        body: userCreateBody,
        response: { 200: envelope(passwordOnce) },
      },
    },
    async (req, reply) => reply.ok(await users.createUser(db, userOf(req), req.body), 'success.create'),
  );

  app.put(
    '/users/:id',
    {
      config: { access: { perm: 'user:update' } },
      schema: {
        tags,
        summary: 'Edit a user (roles need user:assign too)',
        params: idParam,
        body: userUpdateBody,
        response: { 200: envelope(userRow) },
      },
    },
    async (req, reply) => reply.ok(await users.updateUser(db, userOf(req), req.params.id, req.body), 'success.update'),
  );

  app.delete(
    '/users/:id',
    {
      config: { access: { perm: 'user:delete' } },
      schema: {
        tags,
        summary: 'Delete a user (their sessions end)',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await users.deleteUser(db, userOf(req), req.params.id);
      return reply.ok(null, 'success.delete');
    },
  );

  app.put(
    '/users/:id/password',
    {
      config: { access: { perm: 'user:resetPassword' } },
      schema: {
        tags,
        summary: "Set or generate a user's password (answered once); their sessions end",
        params: idParam,
        body: resetPasswordBody,
        response: { 200: envelope(passwordOnce) },
      },
    },
    async (req, reply) =>
      reply.ok(await users.resetPassword(db, userOf(req), req.params.id, req.body), 'admin.passwordReset'),
  );

  app.put(
    '/users/:id/roles',
    {
      config: { access: { perm: 'user:assign' } },
      schema: {
        tags,
        summary: 'Assign roles (those beyond your reach are kept)',
        params: idParam,
        body: userRolesBody,
        response: { 200: envelope(z.object({ roleIds: z.array(z.number()) })) },
      },
    },
    async (req, reply) =>
      reply.ok(await users.assignRoles(db, userOf(req), req.params.id, req.body.roleIds), 'success.allocation'),
  );
};
