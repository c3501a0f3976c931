import {
  DATA_SCOPE_ORDER,
  envelope,
  idParam,
  page,
  roleBody,
  roleGrantBody,
  roleGrants,
  roleListQuery,
  roleOptions,
  roleRow,
  translate,
  type RoleListQuery,
} from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { ApiError, badRequest, notFound } from '../../lib/errors.js';
import { inScope } from '../../lib/scope.js';
import { userOf, type SessionUser } from '../../lib/types.js';
import { isUniqueViolation } from '../../lib/unique.js';
import { listResources } from '../resource/resource.routes.js';
import { assertRootAdminRemains, assignableRoleIds, heldResourceIds, scopeWithin } from './grants.js';

type Filters = Omit<RoleListQuery, 'pageNum' | 'pageSize'>;

/** Roles belong to an organisation; you see those of the organisations in your data scope. */
function base(db: Kysely<Database>, me: SessionUser, f: Filters) {
  let q = db.selectFrom('roles as r').innerJoin('orgs as o', 'o.id', 'r.org_id').where(inScope(me, 'o'));
  if (f.code) q = q.where('r.code', 'like', `%${f.code}%`);
  if (f.name) q = q.where('r.name', 'like', `%${f.name}%`);
  return q;
}

const columns = ['r.id', 'r.code', 'r.name', 'r.org_id', 'o.name as org_name', 'r.data_scope', 'r.sensitive'] as const;

async function toRows(
  db: Kysely<Database>,
  rows: {
    id: number;
    code: string;
    name: string;
    org_id: number;
    org_name: string;
    data_scope: 'all' | 'orgAndChildren' | 'org' | 'self';
    sensitive: number;
  }[],
) {
  const counts = rows.length
    ? await db
        .selectFrom('user_roles')
        .select('role_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(
          'role_id',
          'in',
          rows.map((r) => r.id),
        )
        .groupBy('role_id')
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    orgId: r.org_id,
    orgName: r.org_name,
    dataScope: r.data_scope,
    sensitive: r.sensitive === 1,
    users: Number(counts.find((c) => c.role_id === r.id)?.n ?? 0),
  }));
}

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  const findRole = async (me: SessionUser, id: number) => {
    const row = await base(db, me, {})
      .select([...columns])
      .where('r.id', '=', id)
      .executeTakeFirst();
    return row ? (await toRows(db, [row]))[0] : undefined;
  };

  /** Rule 1 of grants.ts for the role's own fields, and its organisation in your scope. */
  async function checkBody(
    me: SessionUser,
    b: z.infer<typeof roleBody>,
    current?: { dataScope: string; sensitive: boolean },
  ) {
    const org = await db
      .selectFrom('orgs as o')
      .select('o.id')
      .where('o.id', '=', b.orgId)
      .where(inScope(me, 'o'))
      .executeTakeFirst();
    if (!org) throw badRequest('admin.orgOutOfScope');
    if (b.dataScope !== current?.dataScope && !scopeWithin(b.dataScope, me))
      throw new ApiError(403, 'admin.scopeTooWide');
    if (b.sensitive && !current?.sensitive && !me.sensitive) throw new ApiError(403, 'admin.sensitiveNotHeld');
  }

  /** A role carrying more than you hold (grants rule 1) is not yours to edit or delete. */
  async function assertWithinReach(me: SessionUser, roleId: number) {
    if (!(await assignableRoleIds(db, me, [roleId])).has(roleId)) throw new ApiError(403, 'admin.notGrantable');
  }

  async function assertCodeFree(code: string, exceptId?: number) {
    let q = db.selectFrom('roles').select('id').where('code', '=', code);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    if (await q.executeTakeFirst()) throw new ApiError(409, 'admin.roleCodeTaken', { code });
  }
  const conflictOnRace = (code: string) => (err: unknown) => {
    if (isUniqueViolation(err)) throw new ApiError(409, 'admin.roleCodeTaken', { code });
    throw err;
  };

  app.get(
    '/roles',
    {
      config: { access: { perm: 'role:list' } },
      schema: {
        tags: ['roles'],
        summary: 'Roles of the organisations in your data scope, paged',
        querystring: roleListQuery,
        response: { 200: envelope(page(roleRow)) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const { pageNum, pageSize, ...f } = req.query;
      const [{ total }, rows] = await Promise.all([
        base(db, me, f)
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirstOrThrow(),
        base(db, me, f)
          .select([...columns])
          .orderBy('r.id')
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize)
          .execute(),
      ]);
      return {
        code: 200,
        msg: translate(req.lang, 'success.ok'),
        data: { rows: await toRows(db, rows), total: Number(total) },
      };
    },
  );

  app.get(
    '/roles/options',
    {
      config: { access: { perm: 'role:list' } },
      schema: {
        tags: ['roles'],
        summary: 'Organisations, data scopes and the sensitive grant you may give',
        response: { 200: envelope(roleOptions) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const orgs = await db
        .selectFrom('orgs as o')
        .select(['o.id', 'o.parent_id', 'o.name'])
        .where(inScope(me, 'o'))
        .orderBy('o.path')
        .execute();
      return {
        code: 200,
        msg: translate(req.lang, 'success.ok'),
        data: {
          orgs: orgs.map((o) => ({ id: o.id, parentId: o.parent_id, name: o.name })),
          dataScopes: DATA_SCOPE_ORDER.filter((s) => scopeWithin(s, me)).reverse(),
          sensitive: me.sensitive,
        },
      };
    },
  );

  app.get(
    '/roles/:id',
    {
      config: { access: { perm: 'role:list' } },
      schema: {
        tags: ['roles'],
        summary: 'One role (404 outside your data scope)',
        params: idParam,
        response: { 200: envelope(roleRow) },
      },
    },
    async (req) => {
      const role = await findRole(userOf(req), req.params.id);
      if (!role) throw notFound();
      return { code: 200, msg: translate(req.lang, 'success.ok'), data: role };
    },
  );

  app.post(
    '/roles',
    {
      config: { access: { perm: 'role:create' } },
      schema: {
        tags: ['roles'],
        summary: 'Create a role (no resources yet: grant them next)',
        body: roleBody,
        response: { 200: envelope(roleRow) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const b = req.body;
      await checkBody(me, b);
      await assertCodeFree(b.code);
      const { id } = await db
        .insertInto('roles')
        .values({
          code: b.code,
          name: b.name,
          org_id: b.orgId,
          data_scope: b.dataScope,
          sensitive: b.sensitive ? 1 : 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
        .catch(conflictOnRace(b.code));
      return { code: 200, msg: translate(req.lang, 'success.create'), data: (await findRole(me, id))! };
    },
  );

  app.put(
    '/roles/:id',
    {
      config: { access: { perm: 'role:update' } },
      schema: {
        tags: ['roles'],
        summary: 'Edit a role',
        params: idParam,
        body: roleBody,
        response: { 200: envelope(roleRow) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const role = await findRole(me, req.params.id);
      if (!role) throw notFound();
      await assertWithinReach(me, role.id);
      const b = req.body;
      await checkBody(me, b, role);
      if (b.code !== role.code) await assertCodeFree(b.code, role.id);
      await db
        .transaction()
        .execute(async (trx) => {
          await trx
            .updateTable('roles')
            .set({
              code: b.code,
              name: b.name,
              org_id: b.orgId,
              data_scope: b.dataScope,
              sensitive: b.sensitive ? 1 : 0,
            })
            .where('id', '=', role.id)
            .execute();
          // narrowing the ROOT administrator role's scope would lock the platform out
          await assertRootAdminRemains(trx);
        })
        .catch(conflictOnRace(b.code));
      return {
        code: 200,
        msg: translate(req.lang, 'success.update'),
        data: (await findRole(me, role.id)) ?? { ...role, ...b },
      };
    },
  );

  app.delete(
    '/roles/:id',
    {
      config: { access: { perm: 'role:delete' } },
      schema: {
        tags: ['roles'],
        summary: 'Delete a role no user has',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const role = await findRole(me, req.params.id);
      if (!role) throw notFound();
      await assertWithinReach(me, role.id);
      // refusing a role in use keeps every user with at least one role (spec §6) and never ends sessions silently
      if (role.users > 0) throw new ApiError(409, 'admin.roleInUse');
      await db.deleteFrom('roles').where('id', '=', role.id).execute();
      return { code: 200, msg: translate(req.lang, 'success.delete'), data: null };
    },
  );

  app.get(
    '/roles/:id/resources',
    {
      config: { access: { perm: 'role:grant' } },
      schema: {
        tags: ['roles'],
        summary: 'The resource tree, what the role holds and what you may toggle',
        params: idParam,
        response: { 200: envelope(roleGrants) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const role = await findRole(me, req.params.id);
      if (!role) throw notFound();
      const held = await heldResourceIds(db, me);
      const granted = await db
        .selectFrom('role_resources')
        .select('resource_id')
        .where('role_id', '=', role.id)
        .execute();
      const resources = await listResources(db);
      return {
        code: 200,
        msg: translate(req.lang, 'success.ok'),
        data: {
          resources: resources.map((r) => ({ ...r, grantable: held.has(r.id) })),
          granted: granted.map((g) => g.resource_id),
        },
      };
    },
  );

  app.put(
    '/roles/:id/resources',
    {
      config: { access: { perm: 'role:grant' } },
      schema: {
        tags: ['roles'],
        summary: 'Grant resources (those you do not hold are kept as they were)',
        params: idParam,
        body: roleGrantBody,
        response: { 200: envelope(z.object({ granted: z.array(z.number()) })) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const role = await findRole(me, req.params.id);
      if (!role) throw notFound();
      const held = await heldResourceIds(db, me);
      const requested = new Set(req.body.resourceIds);
      const current = (
        await db.selectFrom('role_resources').select('resource_id').where('role_id', '=', role.id).execute()
      ).map((g) => g.resource_id);
      // asking for a resource you lack is refused outright rather than silently dropped
      for (const id of requested)
        if (!held.has(id) && !current.includes(id)) throw new ApiError(403, 'admin.notGrantable');
      const next = [
        ...new Set([...[...requested].filter((id) => held.has(id)), ...current.filter((id) => !held.has(id))]),
      ];
      if (next.length) {
        const existing = await db.selectFrom('resources').select('id').where('id', 'in', next).execute();
        if (existing.length !== next.length) throw badRequest('error.badRequest');
      }
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('role_resources').where('role_id', '=', role.id).execute();
        if (next.length)
          await trx
            .insertInto('role_resources')
            .values(next.map((resource_id) => ({ role_id: role.id, resource_id })))
            .execute();
        await assertRootAdminRemains(trx);
      });
      return { code: 200, msg: translate(req.lang, 'success.authorization'), data: { granted: next } };
    },
  );
};
