import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productSupportRoutes } from './product-support.routes.js';

/** Product documents, release notes and product problems (Systems > Products), and the public product list. */
export const productSupportModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(productSupportRoutes);
};
