import { defineModule } from '../../lib/module.js';
import { contentRoutes, publicContentRoutes } from './content.routes.js';

/** The help center's content (console and public /cms/ API) and the contact-us messages. */
export const contentModule = defineModule({
  name: 'content',
  routes: async (app) => {
    await app.register(contentRoutes);
    await app.register(publicContentRoutes);
  },
});

export { sanitizeContent } from './sanitize.js';
export { createPublishedFaq } from './content.service.js';

/** The tables this module owns (their types; the declarations extend db/database.ts's Database). */
export type * from './content.tables.js';
