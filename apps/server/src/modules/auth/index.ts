import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './auth.routes.js';

/** Sign-in, sign-out, the signed-in user and role switching: the one plugin app.ts registers for this module. */
export const authModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(authRoutes);
};

/** The sessions the access plugin checks tokens with (app.ts), and what other modules ask of sessions. */
export { authSessions, issueStreamTicket } from './session.service.js';
export { revokeAllSessions, usable } from './session.repository.js';
