import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { roleRoutes } from './role.routes.js';

/** Roles and their grants: the one plugin app.ts registers for this module. */
export const roleModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(roleRoutes);
};
