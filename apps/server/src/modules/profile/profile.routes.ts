import { envelope, orgRow, profile, profileUpdateBody } from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../lib/types.js';
import * as profiles from './profile.service.js';

/** The user center: your own account and your organisation (any signed-in user). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['user center'];

  app.get(
    '/profile',
    {
      config: { access: 'session' },
      schema: { tags, summary: 'Your account', response: { 200: envelope(profile) } },
    },
    async (req, reply) => reply.ok(await profiles.getProfile(db, userOf(req))),
  );

  app.put(
    '/profile',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: "Update your nickname, e-mail, mobile and time zone (an IANA zone, null for the browser's)",
        body: profileUpdateBody,
        response: { 200: envelope(profile) },
      },
    },
    async (req, reply) => reply.ok(await profiles.updateProfile(db, userOf(req), req.body), 'success.save'),
  );

  app.get(
    '/profile/org',
    {
      config: { access: 'session' },
      schema: { tags, summary: 'Your organisation', response: { 200: envelope(orgRow) } },
    },
    async (req, reply) => reply.ok(await profiles.ownOrg(db, userOf(req))),
  );
};
