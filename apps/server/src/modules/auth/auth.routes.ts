import { changePasswordBody, currentInfoResponse, envelope, loginBody, loginData, translate } from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, badRequest, unauthorized } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { userOf } from '../../lib/types.js';
import { createSession, revokeAllSessions, revokeSession } from './session.repository.js';

const WINDOW_MS = 15 * 60_000;
const MAX_PER_ACCOUNT = 5;
const MAX_PER_ADDRESS = 20;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in: answers a new session token',
        body: loginBody,
        response: { 200: envelope(loginData) },
      },
    },
    async (req) => {
      const { username, password } = req.body;
      const since = Date.now() - WINDOW_MS;
      const [byName, byIp] = await Promise.all([
        db
          .selectFrom('login_failures')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('login_name', '=', username)
          .where('at', '>', since)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('login_failures')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('ip', '=', req.ip)
          .where('at', '>', since)
          .executeTakeFirstOrThrow(),
      ]);
      // sign-in attempts are audited here (no session yet, so the generic hook does not see them)
      const attempt = (
        action: 'login' | 'loginFailed',
        u: { id: number; org_id: number } | undefined,
        summary: string,
      ) =>
        app.audit.push({
          user_id: u?.id ?? null,
          login_name: username,
          org_id: u?.org_id ?? null,
          action,
          entity: 'session',
          record_id: u ? String(u.id) : null,
          summary,
          method: 'POST',
          route: '/login',
          ip: req.ip,
        });
      if (Number(byName.n) >= MAX_PER_ACCOUNT || Number(byIp.n) >= MAX_PER_ADDRESS) {
        attempt('loginFailed', undefined, 'too many attempts');
        throw new ApiError(429, 'error.tooManyAttempts', { minutes: WINDOW_MS / 60_000 });
      }
      const user = await db
        .selectFrom('users')
        .select(['id', 'org_id', 'password_hash', 'state'])
        .where('login_name', '=', username)
        .executeTakeFirst();
      const ok = await verifyPassword(user?.password_hash, password);
      if (!user || !ok) {
        await db.insertInto('login_failures').values({ login_name: username, ip: req.ip, at: Date.now() }).execute();
        attempt('loginFailed', user, user ? 'wrong password' : 'unknown user');
        throw unauthorized('error.badCredentials');
      }
      if (user.state !== 'enabled') {
        attempt('loginFailed', user, 'account disabled');
        throw new ApiError(403, 'error.accountDisabled');
      }
      await db.deleteFrom('login_failures').where('login_name', '=', username).execute();
      const token = await createSession(db, user.id, app.config.sessionMaxMs);
      attempt('login', user, '');
      return { code: 200, msg: translate(req.lang, 'success.login'), data: { token } };
    },
  );

  app.get(
    '/sysOrgUser/currentInfo',
    {
      config: { access: 'session' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user: roles, permitted routes and button permissions',
        querystring: z.object({ token: z.string().optional() }),
        response: { 200: currentInfoResponse },
      },
    },
    async (req) => {
      const me = userOf(req);
      const row = await db
        .selectFrom('users as u')
        .innerJoin('orgs as o', 'o.id', 'u.org_id')
        .innerJoin('org_groups as g', 'g.id', 'o.group_id')
        .select([
          'u.nickname',
          'u.login_name',
          'u.avatar',
          'u.introduction',
          'o.id as orgId',
          'o.name as orgName',
          'g.id as groupId',
          'g.code as groupCode',
          'g.name as groupName',
        ])
        .where('u.id', '=', me.id)
        .executeTakeFirstOrThrow();
      const roles = await db
        .selectFrom('user_roles as ur')
        .innerJoin('roles as r', 'r.id', 'ur.role_id')
        .select('r.code')
        .where('ur.user_id', '=', me.id)
        .where('r.id', 'in', me.roleIds.length ? me.roleIds : [0])
        .orderBy('r.id')
        .execute();
      const resources = await db
        .selectFrom('user_roles as ur')
        .innerJoin('role_resources as rr', 'rr.role_id', 'ur.role_id')
        .innerJoin('resources as res', 'res.id', 'rr.resource_id')
        .select(['res.kind', 'res.router_path', 'res.perm', 'res.sort'])
        .distinct()
        .where('ur.user_id', '=', me.id)
        .where('ur.role_id', 'in', me.roleIds.length ? me.roleIds : [0])
        .orderBy('res.sort')
        .execute();
      const menus = resources.filter((r) => r.kind === 'menu' && r.router_path);
      const buttons = resources.filter((r) => r.kind === 'button' && r.perm).map((r) => r.perm!);
      return {
        code: 200,
        msg: translate(req.lang, 'success.ok'),
        data: {
          roles: roles.map((r) => r.code),
          orgId: row.orgId,
          nickname: row.nickname,
          perms: [...new Set(buttons)].join(','),
          avatar: row.avatar,
          introduction: row.introduction,
          list: menus.map((m) => ({ routerPath: m.router_path! })),
        },
        orgGroup: { orgGroupCode: row.groupCode, orgGroupName: row.groupName, orgGroupId: row.groupId },
        orgName: row.orgName,
        userName: row.login_name,
      };
    },
  );

  app.get(
    '/sysLogout',
    {
      config: { access: 'session' },
      schema: { tags: ['auth'], summary: 'Sign out: revokes the session', response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      const me = userOf(req);
      await revokeSession(db, me.sessionId);
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
      return { code: 200, msg: translate(req.lang, 'success.logout'), data: null };
    },
  );

  app.post(
    '/sysOrgUser/changePassword',
    {
      config: { access: 'session', audit: { action: 'update', entity: 'password' } },
      schema: {
        tags: ['auth'],
        summary: 'Change your own password; every session of yours ends',
        body: changePasswordBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const { oldPassword, newPassword } = req.body;
      const user = await db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', me.id)
        .executeTakeFirstOrThrow();
      if (!(await verifyPassword(user.password_hash, oldPassword))) throw badRequest('error.wrongOldPassword');
      if (oldPassword === newPassword) throw badRequest('error.samePassword');
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(newPassword) })
        .where('id', '=', me.id)
        .execute();
      await revokeAllSessions(db, me.id);
      return { code: 200, msg: translate(req.lang, 'success.passwordChanged'), data: null };
    },
  );

  app.get(
    '/sysOrgUser/roles',
    {
      config: { access: 'session' },
      schema: {
        tags: ['auth'],
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
    async (req) => {
      const me = userOf(req);
      const roles = await db
        .selectFrom('user_roles as ur')
        .innerJoin('roles as r', 'r.id', 'ur.role_id')
        .select(['r.id', 'r.code', 'r.name'])
        .where('ur.user_id', '=', me.id)
        .orderBy('r.id')
        .execute();
      const switched =
        roles.length > 1 && me.roleIds.length === 1 ? roles.find((r) => r.id === me.roleIds[0]) : undefined;
      return {
        code: 200,
        msg: translate(req.lang, 'success.ok'),
        data: { roles: roles.map((r) => ({ code: r.code, name: r.name })), actingAs: switched?.code ?? null },
      };
    },
  );

  // Spec §4 role change: a new session acting as one of your roles (null: all of them); the
  // old session ends, the console refetches the user, rebuilds its routes and closes all tabs.
  app.post(
    '/sysOrgUser/switchRole',
    {
      config: { access: 'session', audit: { action: 'update', entity: 'session' } },
      schema: {
        tags: ['auth'],
        summary: 'Act as one of your roles (a new session)',
        body: z.object({ role: z.string().min(1).max(64).nullable() }),
        response: { 200: envelope(loginData) },
      },
    },
    async (req) => {
      const me = userOf(req);
      let roleId: number | null = null;
      if (req.body.role !== null) {
        const role = await db
          .selectFrom('user_roles as ur')
          .innerJoin('roles as r', 'r.id', 'ur.role_id')
          .select('r.id')
          .where('ur.user_id', '=', me.id)
          .where('r.code', '=', req.body.role)
          .executeTakeFirst();
        if (!role) throw badRequest('error.notYourRole');
        roleId = role.id;
      }
      const token = await createSession(db, me.id, app.config.sessionMaxMs, roleId);
      await revokeSession(db, me.sessionId);
      return { code: 200, msg: translate(req.lang, 'success.setting'), data: { token } };
    },
  );
};
