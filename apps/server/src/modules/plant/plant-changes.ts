import type { FastifyInstance } from 'fastify';
import { refreshPlantStats } from './plant-stats.js';
import { clearPlantCounts } from './plant.repository.js';

/**
 * Deletes a plant inside the caller's transaction (`DELETE /plants/:id`, and `DELETE /devices/:id`
 * with its bound plant): the plant's devices are unbound and kept, its stats row, favourites and
 * grants go. Its SQL lives with the module's other queries.
 */
export { deletePlantRows } from './plant.repository.js';

/**
 * Stats of a created / changed / deleted plant show now rather than at the next periodic run (a
 * run under way is not repeated; only the slices whose plants changed time zone or are new
 * recompute their past days), and the list's tab counts are counted again.
 */
export function refreshPlantsSoon(app: FastifyInstance): void {
  clearPlantCounts();
  void refreshPlantStats(app.db, undefined, { ifIdle: true }).catch((err: unknown) =>
    app.log.error({ err }, 'plant stats refresh failed'),
  );
}
