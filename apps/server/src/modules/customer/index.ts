import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerRoutes } from './customer.routes.js';

/** Customers (plant owners), their login accounts, and the public account cancellation. */
export const customerModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(customerRoutes);
};

export { followPlantOwner, seedDemoLogin } from './customer.service.js';
