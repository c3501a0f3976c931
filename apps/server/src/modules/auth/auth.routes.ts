import { changePasswordBody, currentInfoResponse, envelope, loginBody, loginData } from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../lib/types.js';
import * as auth from './auth.service.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['auth'];
  const deps = { db, audit: app.audit, sessionMaxMs: app.config.sessionMaxMs };

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sign in: answers a new session token',
        body: loginBody,
        response: { 200: envelope(loginData) },
      },
    },
    async (req, reply) =>
      reply.ok(
        await auth.login(deps, req.body, req.ip, req.headers['accept-language'] ? req.lang : undefined),
        'success.login',
      ),
  );

  app.get(
    '/sysOrgUser/currentInfo',
    {
      config: { access: 'session', tokenInQuery: true },
      schema: {
        tags,
        summary: 'The signed-in user: roles, permitted routes and button permissions',
        querystring: z.object({ token: z.string().optional() }),
        response: { 200: currentInfoResponse },
      },
    },
    async (req, reply) => {
      // the spec's answer carries the organisation beside the envelope
      const { data, ...beside } = await auth.currentInfo(db, userOf(req), app.config.saas);
      return { ...reply.ok(data), ...beside };
    },
  );

  app.get(
    '/sysLogout',
    {
      config: { access: 'session' },
      schema: { tags, summary: 'Sign out: revokes the session', response: { 200: envelope(z.null()) } },
    },
    async (req, reply) => {
      const me = userOf(req);
      await auth.logout(db, me);
      // a GET, so the access plugin's after-write hook does not empty the session caches
      await app.dataChanged();
      app.audit.push({
        user_id: me.id,
        login_name: me.loginName,
        org_id: me.orgId,
        action: 'logout',
        entity: 'session',
        record_id: String(me.id),
        method: 'GET',
        route: '/sysLogout',
        ip: req.ip,
      });
      return reply.ok(null, 'success.logout');
    },
  );

  app.post(
    '/sysOrgUser/changePassword',
    {
      config: { access: 'session', audit: { action: 'update', entity: 'password' } },
      schema: {
        tags,
        summary: 'Change your own password; every session of yours ends',
        body: changePasswordBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await auth.changePassword(db, userOf(req), req.body);
      return reply.ok(null, 'success.passwordChanged');
    },
  );

  app.get(
    '/sysOrgUser/roles',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Your roles, and the one this session acts as',
        response: {
          200: envelope(
            z.object({
              roles: z.array(z.object({ code: z.string(), name: z.string() })),
              actingAs: z.string().nullable(),
            }),
          ),
        },
      },
    },
    async (req, reply) => reply.ok(await auth.myRoles(db, userOf(req))),
  );

  app.post(
    '/sysOrgUser/switchRole',
    {
      config: { access: 'session', audit: { action: 'update', entity: 'session' } },
      schema: {
        tags,
        summary: 'Act as one of your roles (a new session)',
        body: z.object({ role: z.string().min(1).max(64).nullable() }),
        response: { 200: envelope(loginData) },
      },
    },
    async (req, reply) =>
      reply.ok(await auth.switchRole(db, userOf(req), req.body.role, app.config.sessionMaxMs), 'success.setting'),
  );
};
