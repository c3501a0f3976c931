import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { countIndustries, insertIndustry } from './industry.repository.js';

/**
 * The industries of a PV platform's catalogue, for the demo (only into an empty table). Names keep
 * spec §5's rule (letters, digits or Chinese characters, no spaces).
 */
const DEMO_INDUSTRIES = [
  { name: 'Inverter', code: 'PVINV', icon: 'inverter', sort: 10 },
  { name: 'HybridInverter', code: 'HYBINV', icon: 'inverter', sort: 20 },
  { name: 'Battery', code: 'BATT', icon: 'battery', sort: 30 },
  { name: 'Datalogger', code: 'LOGGER', icon: 'logger', sort: 40 },
  { name: 'Meter', code: 'METER', icon: 'meter', sort: 50 },
  { name: 'EVCharger', code: 'EVCHG', icon: 'charger', sort: 60 },
  { name: 'PVModule', code: 'MODULE', icon: 'module', sort: 70 },
  { name: 'Accessory', code: 'ACCESSORY', icon: 'other', sort: 80 },
] as const;

export async function seedDemoIndustries(db: Kysely<Database>, now = Date.now()): Promise<void> {
  if ((await countIndustries(db)) > 0) return;
  for (const i of DEMO_INDUSTRIES) await insertIndustry(db, { ...i, enabled: 1 }, now);
}
