import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { avatarRoutes } from './avatar.routes.js';
import { profileRoutes } from './profile.routes.js';

/** The user center: your account, organisation and avatar: the one plugin app.ts registers for this module. */
export const profileModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(profileRoutes);
  await app.register(avatarRoutes);
};
