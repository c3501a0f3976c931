import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import {
  envelope,
  fieldNamesEn,
  fieldNamesZh,
  idParam,
  page,
  passwordOnce,
  resetPasswordBody,
  translate,
  userCreateBody,
  userListQuery,
  userOptions,
  userRolesBody,
  userRow,
  userStateBody,
  userUpdateBody,
} from '@pv/contract';
import ExcelJS from 'exceljs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { inScope } from '../../lib/scope.js';
import type { SessionUser } from '../../lib/types.js';
import { userOf } from '../../lib/types.js';
import { isUniqueViolation } from '../../lib/unique.js';
import { revokeAllSessions } from '../auth/session.repository.js';
import { assertRootAdminRemains, assignableRoleIds, userWithinReach } from '../role/grants.js';
import { findUser, iterateUsers, listUsers } from './user.repository.js';

/** A one-time password for the administrator to hand over: 12 characters of base64url. */
const generatePassword = () => randomBytes(9).toString('base64url');

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/users',
    {
      config: { access: { perm: 'user:list' } },
      schema: {
        tags: ['users'],
        summary: 'Users in your data scope, paged',
        querystring: userListQuery,
        response: { 200: envelope(page(userRow)) },
      },
    },
    async (req) => ({
      code: 200,
      msg: translate(req.lang, 'success.ok'),
      data: await listUsers(db, userOf(req), req.query),
    }),
  );

  app.get(
    '/users/export',
    {
      config: { access: { perm: 'user:export' } },
      schema: {
        tags: ['users'],
        summary: 'The filtered user list as a streamed .xlsx',
        querystring: userListQuery.omit({ pageNum: true, pageSize: true }),
      },
    },
    async (req, reply) => {
      const me = userOf(req);
      const names = req.lang === 'zh' ? fieldNamesZh : fieldNamesEn;
      const stream = new PassThrough();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
      const sheet = workbook.addWorksheet('Users');
      const keys = [
        'id',
        'loginName',
        'nickname',
        'mobile',
        'email',
        'state',
        'orgName',
        'roles',
        'createdAt',
      ] as const;
      sheet.columns = keys.map((key) => ({ header: names[key] ?? key, key, width: key === 'email' ? 30 : 18 }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      void (async () => {
        try {
          for await (const u of iterateUsers(db, me, req.query)) {
            sheet
              .addRow({
                ...u,
                state: names[u.state] ?? u.state,
                roles: u.roles.join(', '),
                createdAt: new Date(u.createdAt),
              })
              .commit();
          }
          sheet.commit();
          await workbook.commit();
        } catch (err) {
          req.log.error({ err }, 'user export failed');
          stream.destroy(err as Error);
        }
      })();
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="users.xlsx"')
        .send(stream);
    },
  );

  app.get(
    '/users/:id',
    {
      config: { access: { perm: 'user:list' } },
      schema: {
        tags: ['users'],
        summary: 'One user (404 outside your data scope)',
        params: idParam,
        response: { 200: envelope(userRow) },
      },
    },
    async (req) => {
      const user = await findUser(db, userOf(req), req.params.id);
      if (!user) throw notFound();
      return { code: 200, msg: translate(req.lang, 'success.ok'), data: user };
    },
  );

  app.put(
    '/users/:id/state',
    {
      config: { access: { perm: 'user:enable' } },
      schema: {
        tags: ['users'],
        summary: 'Enable or disable a user',
        params: idParam,
        body: userStateBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const user = await findUser(db, me, req.params.id);
      if (!user) throw notFound();
      if (user.id === me.id && req.body.state === 'disabled') throw badRequest('error.cannotDisableSelf');
      if (!(await userWithinReach(db, me, user.id))) throw new ApiError(403, 'admin.userTooPowerful');
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ state: req.body.state }).where('id', '=', user.id).execute();
        if (req.body.state === 'disabled') {
          await assertRootAdminRemains(trx);
          // the user's sessions end at once (every request also re-checks the user's state)
          await revokeAllSessions(trx, user.id);
        }
      });
      return {
        code: 200,
        msg: translate(req.lang, req.body.state === 'disabled' ? 'success.disable' : 'success.enable'),
        data: null,
      };
    },
  );

  /** Organisations of your scope and the roles you may assign: what the user form offers. */
  app.get(
    '/users/options',
    {
      config: { access: { perm: 'user:list' } },
      schema: {
        tags: ['users'],
        summary: 'Organisations and assignable roles for the user form',
        response: { 200: envelope(userOptions) },
      },
    },
    async (req) => {
      const me = userOf(req);
      return { code: 200, msg: translate(req.lang, 'success.ok'), data: await formOptions(me) };
    },
  );

  async function formOptions(me: SessionUser) {
    const orgs = await db
      .selectFrom('orgs as o')
      .select(['o.id', 'o.parent_id', 'o.name'])
      .where(inScope(me, 'o'))
      .orderBy('o.path')
      .execute();
    const roles = await db
      .selectFrom('roles as r')
      .innerJoin('orgs as o', 'o.id', 'r.org_id')
      .select(['r.id', 'r.code', 'r.name'])
      .where(inScope(me, 'o'))
      .orderBy('r.id')
      .execute();
    const ok = await assignableRoleIds(
      db,
      me,
      roles.map((r) => r.id),
    );
    return {
      orgs: orgs.map((o) => ({ id: o.id, parentId: o.parent_id, name: o.name })),
      roles: roles.filter((r) => ok.has(r.id)),
    };
  }

  async function assertOrgInScope(me: SessionUser, orgId: number) {
    const org = await db
      .selectFrom('orgs as o')
      .select('o.id')
      .where('o.id', '=', orgId)
      .where(inScope(me, 'o'))
      .executeTakeFirst();
    if (!org) throw badRequest('admin.orgOutOfScope');
  }

  /**
   * The user's roles after a change: the requested ones you may assign, plus the ones beyond your
   * reach the user already has (grants rule 2). Asking for a role you may not assign is a 403.
   */
  async function nextRoles(me: SessionUser, requested: number[], current: number[]) {
    const visible = new Set((await formOptions(me)).roles.map((r) => r.id));
    const touched = [...new Set([...requested, ...current])];
    const ok = await assignableRoleIds(db, me, touched);
    for (const id of requested)
      if (!current.includes(id) && (!ok.has(id) || !visible.has(id))) throw new ApiError(403, 'admin.notGrantable');
    const kept = current.filter((id) => !ok.has(id) || !visible.has(id));
    return [...new Set([...requested, ...kept])];
  }

  async function setRoles(trx: typeof db, userId: number, roleIds: number[]) {
    await trx.deleteFrom('user_roles').where('user_id', '=', userId).execute();
    if (roleIds.length)
      await trx
        .insertInto('user_roles')
        .values(roleIds.map((role_id) => ({ user_id: userId, role_id })))
        .execute();
  }

  async function assertLoginFree(loginName: string, exceptId?: number) {
    let q = db.selectFrom('users').select('id').where('login_name', '=', loginName);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    if (await q.executeTakeFirst()) throw new ApiError(409, 'admin.loginNameTaken', { name: loginName });
  }

  const conflictOnRace = (loginName: string) => (err: unknown) => {
    if (isUniqueViolation(err)) throw new ApiError(409, 'admin.loginNameTaken', { name: loginName });
    throw err;
  };

  app.post(
    '/users',
    {
      config: { access: { perm: 'user:create' } },
      schema: {
        tags: ['users'],
        summary: 'Create a user (the password, given or generated, is answered once)',
        body: userCreateBody,
        response: { 200: envelope(passwordOnce) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const b = req.body;
      await assertOrgInScope(me, b.orgId);
      await assertLoginFree(b.loginName);
      const roleIds = await nextRoles(me, b.roleIds, []);
      const password = b.password || generatePassword();
      const hash = await hashPassword(password);
      const id = await db
        .transaction()
        .execute(async (trx) => {
          const { id } = await trx
            .insertInto('users')
            .values({
              org_id: b.orgId,
              login_name: b.loginName,
              nickname: b.nickname,
              password_hash: hash,
              mobile: b.mobile || null,
              email: b.email || null,
              state: 'enabled',
              avatar: '',
              introduction: '',
              created_at: Date.now(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await setRoles(trx, id, roleIds);
          return id;
        })
        .catch(conflictOnRace(b.loginName));
      // a password the administrator typed is not echoed; a generated one is shown once
      return {
        code: 200,
        msg: translate(req.lang, 'success.create'),
        data: { id, password: b.password ? null : password },
      };
    },
  );

  app.put(
    '/users/:id',
    {
      config: { access: { perm: 'user:update' } },
      schema: {
        tags: ['users'],
        summary: 'Edit a user (roles need user:assign too)',
        params: idParam,
        body: userUpdateBody,
        response: { 200: envelope(userRow) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const user = await findUser(db, me, req.params.id);
      if (!user) throw notFound();
      if (!(await userWithinReach(db, me, user.id))) throw new ApiError(403, 'admin.userTooPowerful');
      const b = req.body;
      if (b.orgId !== user.orgId) await assertOrgInScope(me, b.orgId);
      if (b.loginName !== user.loginName) await assertLoginFree(b.loginName, user.id);
      let roleIds: number[] | undefined;
      if (b.roleIds && [...b.roleIds].sort().join() !== [...user.roleIds].sort().join()) {
        if (!me.perms.has('user:assign')) throw forbidden();
        roleIds = await nextRoles(me, b.roleIds, user.roleIds);
      }
      await db
        .transaction()
        .execute(async (trx) => {
          await trx
            .updateTable('users')
            // mobile / e-mail left out: unchanged (an editor without the sensitive grant only ever saw them masked)
            .set({
              login_name: b.loginName,
              nickname: b.nickname,
              org_id: b.orgId,
              ...(b.mobile === undefined ? {} : { mobile: b.mobile || null }),
              ...(b.email === undefined ? {} : { email: b.email || null }),
            })
            .where('id', '=', user.id)
            .execute();
          if (roleIds) await setRoles(trx, user.id, roleIds);
          await assertRootAdminRemains(trx);
        })
        .catch(conflictOnRace(b.loginName));
      const updated = await findUser(db, me, user.id);
      // moved out of your own scope by the edit: answered as it was saved, from the body
      return {
        code: 200,
        msg: translate(req.lang, 'success.update'),
        data: updated ?? { ...user, loginName: b.loginName, nickname: b.nickname, orgId: b.orgId },
      };
    },
  );

  app.delete(
    '/users/:id',
    {
      config: { access: { perm: 'user:delete' } },
      schema: {
        tags: ['users'],
        summary: 'Delete a user (their sessions end)',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const user = await findUser(db, me, req.params.id);
      if (!user) throw notFound();
      if (user.id === me.id) throw badRequest('admin.cannotDeleteSelf');
      if (!(await userWithinReach(db, me, user.id))) throw new ApiError(403, 'admin.userTooPowerful');
      await db.transaction().execute(async (trx) => {
        // sessions and role links go with the user; rows that only name the user keep a null
        await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
        await trx.deleteFrom('user_roles').where('user_id', '=', user.id).execute();
        await trx.updateTable('commands').set({ sent_by: null }).where('sent_by', '=', user.id).execute();
        await trx.updateTable('firmware').set({ created_by: null }).where('created_by', '=', user.id).execute();
        await trx.deleteFrom('users').where('id', '=', user.id).execute();
        await assertRootAdminRemains(trx);
      });
      return { code: 200, msg: translate(req.lang, 'success.delete'), data: null };
    },
  );

  app.put(
    '/users/:id/password',
    {
      config: { access: { perm: 'user:resetPassword' } },
      schema: {
        tags: ['users'],
        summary: "Set or generate a user's password (answered once); their sessions end",
        params: idParam,
        body: resetPasswordBody,
        response: { 200: envelope(passwordOnce) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const user = await findUser(db, me, req.params.id);
      if (!user) throw notFound();
      if (!(await userWithinReach(db, me, user.id))) throw new ApiError(403, 'admin.userTooPowerful');
      const password = req.body.password || generatePassword();
      const hash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', user.id).execute();
        await revokeAllSessions(trx, user.id);
      });
      return {
        code: 200,
        msg: translate(req.lang, 'admin.passwordReset'),
        data: { id: user.id, password: req.body.password ? null : password },
      };
    },
  );

  app.put(
    '/users/:id/roles',
    {
      config: { access: { perm: 'user:assign' } },
      schema: {
        tags: ['users'],
        summary: 'Assign roles (those beyond your reach are kept)',
        params: idParam,
        body: userRolesBody,
        response: { 200: envelope(z.object({ roleIds: z.array(z.number()) })) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const user = await findUser(db, me, req.params.id);
      if (!user) throw notFound();
      const roleIds = await nextRoles(me, req.body.roleIds, user.roleIds);
      await db.transaction().execute(async (trx) => {
        await setRoles(trx, user.id, roleIds);
        await assertRootAdminRemains(trx);
      });
      return { code: 200, msg: translate(req.lang, 'success.allocation'), data: { roleIds } };
    },
  );
};
