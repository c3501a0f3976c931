import { randomBytes } from 'node:crypto';
import { API_BASE, envelope, idParam, page, productBody, productQuery, productRow, translate } from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, notFound } from '../../lib/errors.js';

/** Products (spec §3: id, name, type, code, key): the models devices are registered against. */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    `${API_BASE}/products`,
    {
      config: { access: { perm: 'product:list' } },
      schema: {
        tags: ['products'],
        summary: 'Products, paged and filtered',
        querystring: productQuery,
        response: { 200: envelope(page(productRow)) },
      },
    },
    async (req) => {
      const { pageNum, pageSize, name, type } = req.query;
      let q = db.selectFrom('products as p');
      if (name) q = q.where('p.name', 'like', `%${name}%`);
      if (type) q = q.where('p.type', '=', type);
      const [{ total }, rows] = await Promise.all([
        q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        q
          .selectAll('p')
          .select((eb) =>
            eb
              .selectFrom('devices as d')
              .select((e) => e.fn.countAll<number>().as('n'))
              .whereRef('d.product_id', '=', 'p.id')
              .as('devices'),
          )
          .orderBy('p.id')
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize)
          .execute(),
      ]);
      return {
        code: 200,
        msg: translate(req.lang, 'success.ok'),
        data: {
          rows: rows.map((r) => ({
            id: r.id,
            name: r.name,
            type: r.type as 'inverter',
            code: r.code,
            key: r.product_key,
            devices: Number(r.devices ?? 0),
            createdAt: r.created_at,
          })),
          total: Number(total),
        },
      };
    },
  );

  const codeTaken = async (code: string, except = 0) =>
    !!(await db
      .selectFrom('products')
      .select('id')
      .where('code', '=', code)
      .where('id', '!=', except)
      .executeTakeFirst());

  app.post(
    `${API_BASE}/products`,
    {
      config: { access: { perm: 'product:create' } },
      schema: {
        tags: ['products'],
        summary: 'Create a product (its key is generated)',
        body: productBody,
        response: { 200: envelope(z.object({ id: z.number(), key: z.string() })) },
      },
    },
    async (req) => {
      if (await codeTaken(req.body.code)) throw new ApiError(409, 'error.conflict');
      const key = randomBytes(8).toString('hex');
      const { id } = await db
        .insertInto('products')
        .values({ ...req.body, product_key: key, created_at: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { code: 200, msg: translate(req.lang, 'success.create'), data: { id, key } };
    },
  );

  app.put(
    `${API_BASE}/products/:id`,
    {
      config: { access: { perm: 'product:update' } },
      schema: {
        tags: ['products'],
        summary: 'Edit a product',
        params: idParam,
        body: productBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      if (await codeTaken(req.body.code, req.params.id)) throw new ApiError(409, 'error.conflict');
      const res = await db.updateTable('products').set(req.body).where('id', '=', req.params.id).executeTakeFirst();
      if (!Number(res.numUpdatedRows)) throw notFound();
      return { code: 200, msg: translate(req.lang, 'success.update'), data: null };
    },
  );

  app.delete(
    `${API_BASE}/products/:id`,
    {
      config: { access: { perm: 'product:delete' } },
      schema: {
        tags: ['products'],
        summary: 'Delete a product no device uses',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      if (await db.selectFrom('devices').select('id').where('product_id', '=', req.params.id).executeTakeFirst())
        throw new ApiError(409, 'error.productInUse');
      const res = await db.deleteFrom('products').where('id', '=', req.params.id).executeTakeFirst();
      if (!Number(res.numDeletedRows)) throw notFound();
      return { code: 200, msg: translate(req.lang, 'success.delete'), data: null };
    },
  );
};
