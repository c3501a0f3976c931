import { PassThrough } from 'node:stream';
import { API_BASE, envelope, fieldNamesEn, fieldNamesZh, idParam, page, translate, userListQuery, userRow, userStateBody } from '@pv/contract';
import ExcelJS from 'exceljs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/errors.js';
import { userOf } from '../../lib/types.js';
import { revokeAllSessions } from '../auth/session.repository.js';
import { findUser, iterateUsers, listUsers } from './user.repository.js';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    `${API_BASE}/users`,
    { config: { access: { perm: 'user:list' } }, schema: { tags: ['users'], summary: 'Users in your data scope, paged', querystring: userListQuery, response: { 200: envelope(page(userRow)) } } },
    async (req) => ({ code: 200, msg: translate(req.lang, 'success.ok'), data: await listUsers(db, userOf(req), req.query) }),
  );

  app.get(
    `${API_BASE}/users/export`,
    { config: { access: { perm: 'user:export' } }, schema: { tags: ['users'], summary: 'The filtered user list as a streamed .xlsx', querystring: userListQuery.omit({ pageNum: true, pageSize: true }) } },
    async (req, reply) => {
      const me = userOf(req);
      const names = req.lang === 'zh' ? fieldNamesZh : fieldNamesEn;
      const stream = new PassThrough();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
      const sheet = workbook.addWorksheet('Users');
      const keys = ['id', 'loginName', 'nickname', 'mobile', 'email', 'state', 'orgName', 'roles', 'createdAt'] as const;
      sheet.columns = keys.map((key) => ({ header: names[key] ?? key, key, width: key === 'email' ? 30 : 18 }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      void (async () => {
        try {
          for await (const u of iterateUsers(db, me, req.query)) {
            sheet.addRow({ ...u, state: names[u.state] ?? u.state, roles: u.roles.join(', '), createdAt: new Date(u.createdAt) }).commit();
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
    `${API_BASE}/users/:id`,
    { config: { access: { perm: 'user:list' } }, schema: { tags: ['users'], summary: 'One user (404 outside your data scope)', params: idParam, response: { 200: envelope(userRow) } } },
    async (req) => {
      const user = await findUser(db, userOf(req), req.params.id);
      if (!user) throw notFound();
      return { code: 200, msg: translate(req.lang, 'success.ok'), data: user };
    },
  );

  app.put(
    `${API_BASE}/users/:id/state`,
    { config: { access: { perm: 'user:enable' } }, schema: { tags: ['users'], summary: 'Enable or disable a user', params: idParam, body: userStateBody, response: { 200: envelope(z.null()) } } },
    async (req) => {
      const me = userOf(req);
      const user = await findUser(db, me, req.params.id);
      if (!user) throw notFound();
      if (user.id === me.id && req.body.state === 'disabled') throw badRequest('error.cannotDisableSelf');
      await db.updateTable('users').set({ state: req.body.state }).where('id', '=', user.id).execute();
      if (req.body.state === 'disabled') await revokeAllSessions(db, user.id);
      return { code: 200, msg: translate(req.lang, req.body.state === 'disabled' ? 'success.disable' : 'success.enable'), data: null };
    },
  );
};
