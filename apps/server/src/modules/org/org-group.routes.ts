import {
  envelope,
  idParam,
  isValidName,
  ORG_GROUP_CODES,
  orgGroupBody,
  orgGroupListQuery,
  orgGroupRow,
  orgGroupUpdateBody,
  page,
  translate,
} from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { ApiError, badRequest, notFound } from '../../lib/errors.js';
import { isUniqueViolation } from './org.repository.js';

async function checkUnique(db: Kysely<Database>, body: { name: string; code: string }, exceptId?: number) {
  let q = db
    .selectFrom('org_groups')
    .select(['id', 'code', 'name'])
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['code']), '=', body.code.toLowerCase()),
        eb(eb.fn('lower', ['name']), '=', body.name.toLowerCase()),
      ]),
    );
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  const clash = await q.executeTakeFirst();
  if (!clash) return;
  if (clash.code.toLowerCase() === body.code.toLowerCase())
    throw new ApiError(409, 'org.groupCodeTaken', { code: body.code });
  throw new ApiError(409, 'org.groupNameTaken', { name: body.name });
}

/** Organisation groups (the types of organisations: ROOT, service providers, installers…). */
export const orgGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/orgGroups',
    {
      config: { access: { perm: 'orgGroup:list' } },
      schema: {
        tags: ['organisation groups'],
        summary: 'Organisation groups with their number of organisations, paged',
        querystring: orgGroupListQuery,
        response: { 200: envelope(page(orgGroupRow)) },
      },
    },
    async (req) => {
      const { pageNum, pageSize, name, code } = req.query;
      let q = db.selectFrom('org_groups as g');
      if (name) q = q.where('g.name', 'like', `%${name}%`);
      if (code) q = q.where('g.code', 'like', `%${code}%`);
      const [{ total }, rows] = await Promise.all([
        q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        q
          .select(['g.id', 'g.code', 'g.name'])
          .select((eb) =>
            eb
              .selectFrom('orgs as o')
              .select((e) => e.fn.countAll<number>().as('n'))
              .whereRef('o.group_id', '=', 'g.id')
              .as('orgs'),
          )
          .orderBy('g.id')
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize)
          .execute(),
      ]);
      return {
        code: 200,
        msg: translate(req.lang, 'success.ok'),
        data: { rows: rows.map((r) => ({ ...r, orgs: Number(r.orgs ?? 0) })), total: Number(total) },
      };
    },
  );

  app.post(
    '/orgGroups',
    {
      config: { access: { perm: 'orgGroup:create' } },
      schema: {
        tags: ['organisation groups'],
        summary: 'Create an organisation group (code unique)',
        body: orgGroupBody,
        response: { 200: envelope(orgGroupRow) },
      },
    },
    async (req) => {
      await checkUnique(db, req.body);
      try {
        const row = await db
          .insertInto('org_groups')
          .values({ code: req.body.code, name: req.body.name })
          .returning(['id', 'code', 'name'])
          .executeTakeFirstOrThrow();
        req.auditNote = { recordId: row.id };
        return { code: 200, msg: translate(req.lang, 'success.create'), data: { ...row, orgs: 0 } };
      } catch (err) {
        if (isUniqueViolation(err)) throw new ApiError(409, 'org.groupCodeTaken', { code: req.body.code });
        throw err;
      }
    },
  );

  app.put(
    '/orgGroups/:id',
    {
      config: { access: { perm: 'orgGroup:update' } },
      schema: {
        tags: ['organisation groups'],
        summary: 'Rename an organisation group (ROOT keeps its code)',
        params: idParam,
        body: orgGroupUpdateBody,
        response: { 200: envelope(orgGroupRow) },
      },
    },
    async (req) => {
      const group = await db
        .selectFrom('org_groups')
        .select(['id', 'code', 'name'])
        .where('id', '=', req.params.id)
        .executeTakeFirst();
      if (!group) throw notFound();
      if (req.body.name !== group.name && !isValidName(req.body.name)) throw badRequest('validation.name');
      if (group.code === ORG_GROUP_CODES.ROOT && req.body.code !== group.code) throw badRequest('org.rootGroupLocked');
      await checkUnique(db, req.body, group.id);
      try {
        await db
          .updateTable('org_groups')
          .set({ code: req.body.code, name: req.body.name })
          .where('id', '=', group.id)
          .execute();
      } catch (err) {
        if (isUniqueViolation(err)) throw new ApiError(409, 'org.groupCodeTaken', { code: req.body.code });
        throw err;
      }
      const orgs = await db
        .selectFrom('orgs')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('group_id', '=', group.id)
        .executeTakeFirstOrThrow();
      req.auditNote = { summary: group.name === req.body.name ? '' : `${group.name} → ${req.body.name}` };
      return {
        code: 200,
        msg: translate(req.lang, 'success.update'),
        data: { id: group.id, code: req.body.code, name: req.body.name, orgs: Number(orgs.n) },
      };
    },
  );

  app.delete(
    '/orgGroups/:id',
    {
      config: { access: { perm: 'orgGroup:delete' } },
      schema: {
        tags: ['organisation groups'],
        summary: 'Delete an organisation group that holds no organisation (never ROOT)',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const group = await db
        .selectFrom('org_groups')
        .select(['id', 'code', 'name'])
        .where('id', '=', req.params.id)
        .executeTakeFirst();
      if (!group) throw notFound();
      if (group.code === ORG_GROUP_CODES.ROOT) throw badRequest('org.rootGroupLocked');
      const orgs = await db
        .selectFrom('orgs')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('group_id', '=', group.id)
        .executeTakeFirstOrThrow();
      if (Number(orgs.n) > 0) throw new ApiError(409, 'org.groupInUse', { count: Number(orgs.n) });
      await db.deleteFrom('org_groups').where('id', '=', group.id).execute();
      req.auditNote = { summary: `${group.name} (${group.code})` };
      return { code: 200, msg: translate(req.lang, 'success.delete'), data: null };
    },
  );
};
