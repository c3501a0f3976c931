import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { refreshPlantStats } from './plant-stats.js';
import { clearPlantCounts } from './plant.repository.js';

/**
 * Deletes a plant inside the caller's transaction (`DELETE /plants/:id`, and `DELETE /devices/:id`
 * with its bound plant): the plant's devices are unbound and kept with all their data; its stats
 * row, favourites and grants go. Answers how many devices were unbound.
 */
export async function deletePlantRows(trx: Kysely<Database>, plantId: number): Promise<number> {
  const r = await trx.updateTable('devices').set({ plant_id: null }).where('plant_id', '=', plantId).executeTakeFirst();
  for (const t of ['plant_stats', 'plant_favourites', 'plant_grants'] as const)
    await trx.deleteFrom(t).where('plant_id', '=', plantId).execute();
  await trx.deleteFrom('plants').where('id', '=', plantId).execute();
  return Number(r.numUpdatedRows);
}

/**
 * Stats of a created / changed / deleted plant show now rather than at the next 10-second run (a
 * run under way is not repeated; only the slices whose plants changed time zone or are new
 * recompute their past days), and the list's tab counts are counted again.
 */
export function refreshPlantsSoon(app: FastifyInstance): void {
  clearPlantCounts();
  void refreshPlantStats(app.db, undefined, { ifIdle: true }).catch((err: unknown) =>
    app.log.error({ err }, 'plant stats refresh failed'),
  );
}
