import { envelope, idParam, page, productBody, productQuery, productRow } from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as products from './product.service.js';

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['products'];

  app.get(
    '/products',
    {
      config: { access: { perm: 'product:list' } },
      schema: {
        tags,
        summary: 'Products, paged and filtered',
        querystring: productQuery,
        response: { 200: envelope(page(productRow)) },
      },
    },
    async (req, reply) => reply.ok(await products.listProducts(app.db, req.query)),
  );

  app.post(
    '/products',
    {
      config: { access: { perm: 'product:create' } },
      schema: {
        tags,
        summary: 'Create a product (its key is generated)',
        body: productBody,
        response: { 200: envelope(z.object({ id: z.number(), key: z.string() })) },
      },
    },
    async (req, reply) => reply.ok(await products.createProduct(app.db, req.body), 'success.create'),
  );

  app.put(
    '/products/:id',
    {
      config: { access: { perm: 'product:update' } },
      schema: {
        tags,
        summary: 'Edit a product',
        params: idParam,
        body: productBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await products.updateProduct(app.db, req.params.id, req.body);
      return reply.ok(null, 'success.update');
    },
  );

  app.delete(
    '/products/:id',
    {
      config: { access: { perm: 'product:delete' } },
      schema: {
        tags,
        summary: 'Delete a product no device uses',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await products.deleteProduct(app.db, req.params.id);
      return reply.ok(null, 'success.delete');
    },
  );
};
