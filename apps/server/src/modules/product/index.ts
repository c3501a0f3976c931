import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productRoutes } from './product.routes.js';

/** Products: the models devices are registered against. */
export const productModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(productRoutes);
};

/** What a device accepts, for the command and OTA checks. */
export { capabilitiesOfDevice } from './product.service.js';
