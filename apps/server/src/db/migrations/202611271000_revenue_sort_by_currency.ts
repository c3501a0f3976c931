import type { Db } from './support.js';

/**
 * The plant list sorts by revenue within each currency (amounts in yen and in euro cents are never
 * compared): its order is the revenue's currency, then the amount, then the plant, in one
 * direction, and these indexes hold it, as the energy sorts have theirs.
 */
const FIGURES = ['revenue_today', 'revenue_total'] as const;

export async function up(db: Db): Promise<void> {
  for (const figure of FIGURES) {
    await db.schema.dropIndex(`plant_stats_${figure}`).execute();
    await db.schema
      .createIndex(`plant_stats_${figure}`)
      .on('plant_stats')
      .columns(['revenue_currency', figure, 'plant_id'])
      .execute();
  }
}

export async function down(db: Db): Promise<void> {
  for (const figure of FIGURES) {
    await db.schema.dropIndex(`plant_stats_${figure}`).execute();
    await db.schema.createIndex(`plant_stats_${figure}`).on('plant_stats').columns([figure, 'plant_id']).execute();
  }
}
