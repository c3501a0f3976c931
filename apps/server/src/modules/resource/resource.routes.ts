import {
  envelope,
  idParam,
  resourceBody,
  resourceRow,
  translate,
  type ResourceBody,
  type ResourceRow,
} from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { ApiError, badRequest, notFound } from '../../lib/errors.js';
import { userOf, type SessionUser } from '../../lib/types.js';
import { assertRootAdminRemains } from '../role/grants.js';

/** Every resource in tree order (parents first, then by sort), with its level. */
export async function listResources(db: Kysely<Database>): Promise<ResourceRow[]> {
  const rows = await db.selectFrom('resources').selectAll().orderBy('sort').orderBy('id').execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const level = (id: number, seen = new Set<number>()): number => {
    const r = byId.get(id);
    if (!r || r.parent_id === null || seen.has(id)) return 1;
    seen.add(id);
    return 1 + level(r.parent_id, seen);
  };
  return rows.map((r) => ({
    id: r.id,
    parentId: r.parent_id,
    kind: r.kind,
    name: r.name,
    nameEn: r.name_en,
    titleKey: r.title_key,
    level: level(r.id),
    routerPath: r.router_path,
    icon: r.icon,
    perm: r.perm,
    dataPerm: r.data_perm === 1,
    sensitive: r.sensitive === 1,
    sort: r.sort,
    seeded: r.seed_key !== null,
  }));
}

/**
 * The resource tree is global (menus and buttons of the one console), so its routes are for the
 * platform's administrators. Still, a permission code is a right: you may put on a resource only
 * a code you hold yourself, or the people holding that resource would get rights from you that
 * you do not have.
 */
export const resourceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  async function check(me: SessionUser, b: ResourceBody, current?: { id: number; perm: string | null }) {
    if (b.parentId !== null) {
      const parent = await db
        .selectFrom('resources')
        .select(['id', 'kind', 'parent_id'])
        .where('id', '=', b.parentId)
        .executeTakeFirst();
      if (!parent || parent.kind !== 'menu') throw badRequest('admin.badParent');
      // no cycles: the new parent must not be the resource itself or below it
      if (current) {
        let cursor: number | null = parent.id;
        const seen = new Set<number>();
        while (cursor !== null && !seen.has(cursor)) {
          if (cursor === current.id) throw badRequest('admin.badParent');
          seen.add(cursor);
          cursor =
            (await db.selectFrom('resources').select('parent_id').where('id', '=', cursor).executeTakeFirst())
              ?.parent_id ?? null;
        }
      }
    }
    const perm = b.perm || null;
    if (perm && perm !== current?.perm && !me.perms.has(perm)) throw new ApiError(403, 'admin.notGrantable');
  }

  const values = (b: ResourceBody) => ({
    parent_id: b.parentId,
    kind: b.kind,
    name: b.name,
    name_en: b.nameEn || null,
    router_path: b.kind === 'menu' ? b.routerPath || null : null,
    icon: b.icon || null,
    perm: b.perm || null,
    data_perm: b.dataPerm ? 1 : 0,
    sensitive: b.sensitive ? 1 : 0,
    sort: b.sort,
  });

  app.get(
    '/resources',
    {
      config: { access: { perm: 'res:list' } },
      schema: {
        tags: ['resources'],
        summary: 'The resource tree (flat, parents first)',
        response: { 200: envelope(z.array(resourceRow)) },
      },
    },
    async (req) => ({ code: 200, msg: translate(req.lang, 'success.ok'), data: await listResources(db) }),
  );

  app.post(
    '/resources',
    {
      config: { access: { perm: 'res:create' } },
      schema: {
        tags: ['resources'],
        summary: 'Create a menu or button',
        body: resourceBody,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
    },
    async (req) => {
      await check(userOf(req), req.body);
      const { id } = await db
        .insertInto('resources')
        .values({ ...values(req.body), title_key: '' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { code: 200, msg: translate(req.lang, 'success.create'), data: { id } };
    },
  );

  app.put(
    '/resources/:id',
    {
      config: { access: { perm: 'res:update' } },
      schema: {
        tags: ['resources'],
        summary: 'Edit a resource (takes effect on the next currentInfo)',
        params: idParam,
        body: resourceBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const current = await db
        .selectFrom('resources')
        .select(['id', 'perm', 'name', 'name_en', 'title_key'])
        .where('id', '=', req.params.id)
        .executeTakeFirst();
      if (!current) throw notFound();
      await check(userOf(req), req.body, current);
      const renamed = req.body.name !== current.name || (req.body.nameEn || null) !== current.name_en;
      await db.transaction().execute(async (trx) => {
        // a renamed resource shows its new names instead of the console's translation
        await trx
          .updateTable('resources')
          .set({ ...values(req.body), ...(renamed ? { title_key: '' } : {}) })
          .where('id', '=', current.id)
          .execute();
        // changing the code of a critical permission could lock the administrators out
        await assertRootAdminRemains(trx);
      });
      return { code: 200, msg: translate(req.lang, 'success.update'), data: null };
    },
  );

  app.delete(
    '/resources/:id',
    {
      config: { access: { perm: 'res:delete' } },
      schema: {
        tags: ['resources'],
        summary: 'Delete a resource without children (a seeded one is not re-created)',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const current = await db.selectFrom('resources').select('id').where('id', '=', req.params.id).executeTakeFirst();
      if (!current) throw notFound();
      const child = await db
        .selectFrom('resources')
        .select('id')
        .where('parent_id', '=', current.id)
        .limit(1)
        .executeTakeFirst();
      if (child) throw new ApiError(409, 'admin.resourceHasChildren');
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('role_resources').where('resource_id', '=', current.id).execute();
        await trx.deleteFrom('resources').where('id', '=', current.id).execute();
        await assertRootAdminRemains(trx);
      });
      return { code: 200, msg: translate(req.lang, 'success.delete'), data: null };
    },
  );
};
