import {
  envelope,
  idParam,
  isValidName,
  ORG_GROUP_CODES,
  orgBody,
  orgGroupOption,
  orgMoveBody,
  orgRow,
  orgTreeRow,
  orgUpdateBody,
  translate,
} from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, badRequest, notFound } from '../../lib/errors.js';
import { userOf } from '../../lib/types.js';
import { findOrg, isUniqueViolation, listOrgTree, moveSubtree, subtreeLoad, toOrgRow } from './org.repository.js';

const conflict = (key: 'org.codeTaken', code: string) => new ApiError(409, key, { code });

/** Organisations: a tree in the caller's data scope; create under a parent, edit, move, delete. */
export const orgRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  const groupOf = async (id: number) => {
    const g = await db.selectFrom('org_groups').select(['id', 'code']).where('id', '=', id).executeTakeFirst();
    if (!g) throw badRequest('org.groupNotFound');
    return g;
  };
  const codeTaken = async (code: string, exceptId?: number) => {
    let q = db
      .selectFrom('orgs')
      .select('id')
      .where(({ fn, eb }) => eb(fn('lower', ['code']), '=', code.toLowerCase()));
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return !!(await q.executeTakeFirst());
  };

  app.get(
    '/orgs',
    {
      config: { access: { perm: 'org:list' } },
      schema: {
        tags: ['organisations'],
        summary: 'Organisations in your data scope (a tree by parentId, parents first)',
        response: { 200: envelope(z.array(orgTreeRow)) },
      },
    },
    async (req) => ({
      code: 200,
      msg: translate(req.lang, 'success.ok'),
      data: await listOrgTree(db, userOf(req)),
    }),
  );

  app.get(
    '/orgs/groups',
    {
      config: { access: { perm: 'org:list' } },
      schema: {
        tags: ['organisations'],
        summary: 'The organisation types to choose from',
        response: { 200: envelope(z.array(orgGroupOption)) },
      },
    },
    async (req) => ({
      code: 200,
      msg: translate(req.lang, 'success.ok'),
      data: await db.selectFrom('org_groups').select(['id', 'code', 'name']).orderBy('id').execute(),
    }),
  );

  app.get(
    '/orgs/:id',
    {
      config: { access: { perm: 'org:list' } },
      schema: {
        tags: ['organisations'],
        summary: 'One organisation (404 outside your data scope)',
        params: idParam,
        response: { 200: envelope(orgRow) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const o = await findOrg(db, me, req.params.id);
      if (!o) throw notFound();
      return { code: 200, msg: translate(req.lang, 'success.ok'), data: toOrgRow(o, me.sensitive) };
    },
  );

  app.post(
    '/orgs',
    {
      config: { access: { perm: 'org:create' } },
      schema: {
        tags: ['organisations'],
        summary: 'Create an organisation under a parent of your scope',
        body: orgBody,
        response: { 200: envelope(orgRow) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const b = req.body;
      const parent = await findOrg(db, me, b.parentId);
      if (!parent) throw notFound();
      const group = await groupOf(b.groupId);
      if (group.code === ORG_GROUP_CODES.ROOT) throw badRequest('org.rootGroupReserved');
      if (await codeTaken(b.code)) throw conflict('org.codeTaken', b.code);
      let id: number;
      try {
        id = await db.transaction().execute(async (tx) => {
          const row = await tx
            .insertInto('orgs')
            .values({
              parent_id: parent.id,
              group_id: group.id,
              name: b.name,
              code: b.code,
              path: parent.path,
              number: b.number || null,
              groupings: JSON.stringify(b.groupings),
              address: b.address || null,
              contact: b.contact || null,
              phone: b.phone || null,
              created_at: Date.now(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await tx
            .updateTable('orgs')
            .set({ path: `${parent.path}${row.id}/` })
            .where('id', '=', row.id)
            .execute();
          return row.id;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('org.codeTaken', b.code);
        throw err;
      }
      req.auditNote = { recordId: id, summary: b.name };
      return {
        code: 200,
        msg: translate(req.lang, 'success.create'),
        data: toOrgRow((await findOrg(db, me, id))!, me.sensitive),
      };
    },
  );

  app.put(
    '/orgs/:id',
    {
      config: { access: { perm: 'org:update' } },
      schema: {
        tags: ['organisations'],
        summary: 'Edit an organisation (the parent changes through move)',
        params: idParam,
        body: orgUpdateBody,
        response: { 200: envelope(orgRow) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const b = req.body;
      const org = await findOrg(db, me, req.params.id);
      if (!org) throw notFound();
      if (b.name !== org.name && !isValidName(b.name)) throw badRequest('validation.name');
      if (b.groupId !== org.group_id) {
        const group = await groupOf(b.groupId);
        // the platform organisation stays ROOT and no other becomes ROOT (the home page and scope follow the group)
        if (group.code === ORG_GROUP_CODES.ROOT || org.group_code === ORG_GROUP_CODES.ROOT)
          throw badRequest('org.rootGroupReserved');
      }
      if (await codeTaken(b.code, org.id)) throw conflict('org.codeTaken', b.code);
      // phone and address left out keep the stored values (a caller without the sensitive-data grant
      // only saw them masked); sending the masked address back keeps it too
      const masked = toOrgRow(org, false);
      const phone = b.phone === undefined ? org.phone : b.phone || null;
      const address =
        b.address === undefined || (!me.sensitive && b.address === masked.address) ? org.address : b.address || null;
      try {
        await db
          .updateTable('orgs')
          .set({
            group_id: b.groupId,
            name: b.name,
            code: b.code,
            number: b.number || null,
            groupings: JSON.stringify(b.groupings),
            address,
            contact: b.contact || null,
            phone,
          })
          .where('id', '=', org.id)
          .execute();
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('org.codeTaken', b.code);
        throw err;
      }
      req.auditNote = { summary: org.name === b.name ? b.name : `${org.name} → ${b.name}` };
      return {
        code: 200,
        msg: translate(req.lang, 'success.update'),
        data: toOrgRow((await findOrg(db, me, org.id))!, me.sensitive),
      };
    },
  );

  app.put(
    '/orgs/:id/move',
    {
      config: { access: { perm: 'org:update' } },
      schema: {
        tags: ['organisations'],
        summary: 'Move an organisation and its subtree under another parent of your scope',
        params: idParam,
        body: orgMoveBody,
        response: { 200: envelope(orgRow) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const org = await findOrg(db, me, req.params.id);
      if (!org) throw notFound();
      const target = await findOrg(db, me, req.body.parentId);
      if (!target) throw notFound();
      if (org.parent_id === null) throw badRequest('org.rootLocked');
      if (org.id === me.orgId) throw badRequest('org.ownOrgLocked');
      if (target.path.startsWith(org.path)) throw badRequest('org.moveIntoSelf');
      if (target.id !== org.parent_id) {
        // the data scope of users, plants and devices follows the path: they must be moved first
        const load = await subtreeLoad(db, org.path);
        if (load.users || load.plants || load.devices) throw new ApiError(409, 'org.inUse', load);
        await moveSubtree(db, org, target);
      }
      req.auditNote = { summary: `${org.name} → ${target.name}` };
      return {
        code: 200,
        msg: translate(req.lang, 'success.update'),
        data: toOrgRow((await findOrg(db, me, org.id))!, me.sensitive),
      };
    },
  );

  app.delete(
    '/orgs/:id',
    {
      config: { access: { perm: 'org:delete' } },
      schema: {
        tags: ['organisations'],
        summary: 'Delete an organisation without sub-organisations, users, plants or devices',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const org = await findOrg(db, me, req.params.id);
      if (!org) throw notFound();
      if (org.parent_id === null) throw badRequest('org.rootLocked');
      if (org.id === me.orgId) throw badRequest('org.ownOrgLocked');
      const load = await subtreeLoad(db, org.path);
      if (load.users || load.plants || load.devices) throw new ApiError(409, 'org.inUse', load);
      const children = await db
        .selectFrom('orgs')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('parent_id', '=', org.id)
        .executeTakeFirstOrThrow();
      if (Number(children.n) > 0) throw new ApiError(409, 'org.hasChildren', { count: Number(children.n) });
      const role = await db.selectFrom('roles').select('id').where('org_id', '=', org.id).executeTakeFirst();
      if (role) throw new ApiError(409, 'org.hasRoles');
      try {
        await db.deleteFrom('orgs').where('id', '=', org.id).execute();
      } catch (err) {
        // a record of another kind still points at it
        if (/foreign key/i.test((err as Error).message ?? '') || (err as { code?: string }).code === '23503')
          throw new ApiError(409, 'error.conflict');
        throw err;
      }
      req.auditNote = { summary: `${org.name} (${org.code})` };
      return { code: 200, msg: translate(req.lang, 'success.delete'), data: null };
    },
  );
};
