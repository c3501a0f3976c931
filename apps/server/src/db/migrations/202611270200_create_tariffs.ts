import { isPostgres, tableWithId, type Db } from './support.js';

/**
 * Power companies, electricity prices and revenue (issue 20).
 *
 * - power_companies: name, country, currency (ISO 4217) and its price areas (a JSON array).
 * - electricity_prices: one company's price of one area and kind, valid from a local day to a
 *   local day (inclusive; null: open), with its time-of-use periods as JSON.
 * - plants gain the company, price area and currency they sell at.
 * - plant_revenue_daily: the revenue rollup, per plant, plant-local day and period: energy (kWh)
 *   and amount in the currency's minor unit.
 * - plant_stats gains the revenue figures the plant list shows and sorts on.
 * - revenue_recomputes: the jobs a price change queues, with their progress.
 */
export async function up(db: Db): Promise<void> {
  const pg = await isPostgres(db);
  await tableWithId(db, pg, 'power_companies')
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('country', 'varchar(2)', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('price_areas', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await tableWithId(db, pg, 'electricity_prices')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('power_companies.id').onDelete('cascade'))
    .addColumn('area', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('valid_from', 'varchar(10)', (c) => c.notNull())
    .addColumn('valid_to', 'varchar(10)')
    .addColumn('periods', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('electricity_prices_area')
    .on('electricity_prices')
    .columns(['company_id', 'area', 'kind', 'valid_from'])
    .execute();

  await db.schema
    .alterTable('plants')
    .addColumn('power_company_id', 'integer', (c) => c.references('power_companies.id'))
    .execute();
  await db.schema.alterTable('plants').addColumn('price_area', 'varchar(32)').execute();
  await db.schema.alterTable('plants').addColumn('currency', 'varchar(3)').execute();
  await db.schema
    .createIndex('plants_power_company')
    .on('plants')
    .columns(['power_company_id', 'price_area'])
    .execute();

  await db.schema
    .createTable('plant_revenue_daily')
    .addColumn('plant_id', 'integer', (c) => c.notNull().references('plants.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('period', 'varchar(32)', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('kwh', 'double precision', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('plant_revenue_daily_pk', ['plant_id', 'day', 'period'])
    .execute();

  for (const col of ['revenue_today', 'revenue_month', 'revenue_year', 'revenue_total'])
    await db.schema.alterTable('plant_stats').addColumn(col, 'bigint').execute();
  await db.schema.alterTable('plant_stats').addColumn('revenue_currency', 'varchar(3)').execute();
  await db.schema
    .createIndex('plant_stats_revenue_today')
    .on('plant_stats')
    .columns(['revenue_today', 'plant_id'])
    .execute();
  await db.schema
    .createIndex('plant_stats_revenue_total')
    .on('plant_stats')
    .columns(['revenue_total', 'plant_id'])
    .execute();

  await tableWithId(db, pg, 'revenue_recomputes')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('area', 'varchar(32)', (c) => c.notNull())
    .addColumn('from_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('to_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('plants_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('plants_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('revenue_recomputes_state').on('revenue_recomputes').columns(['state', 'id']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('revenue_recomputes').execute();
  for (const i of ['plant_stats_revenue_today', 'plant_stats_revenue_total', 'plants_power_company'])
    await db.schema.dropIndex(i).execute();
  for (const col of ['revenue_today', 'revenue_month', 'revenue_year', 'revenue_total', 'revenue_currency'])
    await db.schema.alterTable('plant_stats').dropColumn(col).execute();
  await db.schema.dropTable('plant_revenue_daily').execute();
  for (const col of ['power_company_id', 'price_area', 'currency'])
    await db.schema.alterTable('plants').dropColumn(col).execute();
  await db.schema.dropTable('electricity_prices').execute();
  await db.schema.dropTable('power_companies').execute();
}
