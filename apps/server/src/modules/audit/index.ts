import { defineModule } from '../../lib/module.js';
import { auditRoutes } from './audit.routes.js';

/** The audit trail (ROOT administrators read it; plugins/audit.ts writes it). */
export const auditModule = defineModule({
  name: 'audit',
  routes: async (app) => {
    await app.register(auditRoutes);
  },
});
