import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userRoutes } from './user.routes.js';

/** Users: the one plugin app.ts registers for this module. */
export const userModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(userRoutes);
};
