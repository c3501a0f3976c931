import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentRoutes, publicContentRoutes } from './content.routes.js';

/** The help center's content (console and public /cms/ API) and the contact-us messages. */
export const contentModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(contentRoutes);
  await app.register(publicContentRoutes);
};

export { sanitizeContent } from './sanitize.js';
export { createPublishedFaq } from './content.service.js';
