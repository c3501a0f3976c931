import { envelope, orgRow, profile, profileUpdateBody, translate } from '@pv/contract';
import { findOwnOrg, toOrgRow } from '../org/org.repository.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { userOf } from '../../lib/types.js';

async function loadProfile(db: Kysely<Database>, id: number) {
  const u = await db
    .selectFrom('users as u')
    .innerJoin('orgs as o', 'o.id', 'u.org_id')
    .select([
      'u.id',
      'u.login_name',
      'u.nickname',
      'u.mobile',
      'u.email',
      'u.avatar',
      'u.created_at',
      'o.name as org_name',
    ])
    .where('u.id', '=', id)
    .executeTakeFirstOrThrow();
  const roles = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select('r.name')
    .where('ur.user_id', '=', id)
    .execute();
  return {
    id: u.id,
    loginName: u.login_name,
    nickname: u.nickname,
    mobile: u.mobile,
    email: u.email,
    orgName: u.org_name,
    roles: roles.map((r) => r.name),
    avatar: u.avatar,
    createdAt: u.created_at,
  };
}

/** The user center: your own account and your organisation (any signed-in user). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/profile',
    {
      config: { access: 'session' },
      schema: { tags: ['user center'], summary: 'Your account', response: { 200: envelope(profile) } },
    },
    async (req) => ({
      code: 200,
      msg: translate(req.lang, 'success.ok'),
      data: await loadProfile(db, userOf(req).id),
    }),
  );

  app.put(
    '/profile',
    {
      config: { access: 'session' },
      schema: {
        tags: ['user center'],
        summary: 'Update your nickname, e-mail and mobile',
        body: profileUpdateBody,
        response: { 200: envelope(profile) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const { nickname, email, mobile } = req.body;
      await db
        .updateTable('users')
        .set({ nickname, email: email || null, mobile: mobile || null })
        .where('id', '=', me.id)
        .execute();
      return { code: 200, msg: translate(req.lang, 'success.save'), data: await loadProfile(db, me.id) };
    },
  );

  // your own organisation, unmasked: it is yours
  app.get(
    '/profile/org',
    {
      config: { access: 'session' },
      schema: { tags: ['user center'], summary: 'Your organisation', response: { 200: envelope(orgRow) } },
    },
    async (req) => ({
      code: 200,
      msg: translate(req.lang, 'success.ok'),
      data: toOrgRow(await findOwnOrg(db, userOf(req).orgId), true),
    }),
  );
};
