import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clearPlantCounts } from '../plant/plant.repository.js';
import { providerRoutes } from './provider.routes.js';

/**
 * Service providers and the assignment of plants to them (spec §2 `service_provider`,
 * `service_provider_management`). Absent with SAAS=true: app.ts does not register it, so its
 * routes answer 404 like any unknown path.
 */
export const providerModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(providerRoutes);
  // an assignment in another process moves plants between scopes: the list's tab counts go too
  app.onDataChanged(clearPlantCounts);
};
