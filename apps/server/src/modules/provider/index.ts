import { defineModule } from '../../lib/module.js';
import { clearPlantCounts } from '../plant/index.js';
import { providerRoutes } from './provider.routes.js';

/**
 * Service providers and the assignment of plants to them (spec §2 `service_provider`,
 * `service_provider_management`). Absent with SAAS=true: its routes answer 404 like any unknown path.
 */
export const providerModule = defineModule({
  name: 'provider',
  enabled: (config) => !config.saas,
  routes: async (app) => {
    await app.register(providerRoutes);
    // an assignment in another process moves plants between scopes: the list's tab counts go too
    app.onDataChanged(clearPlantCounts);
  },
});

/** The tables this module owns (their types; the declarations extend db/database.ts's Database). */
export type * from './provider.tables.js';
