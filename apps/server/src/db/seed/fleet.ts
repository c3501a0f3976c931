import { randomBytes } from 'node:crypto';
import { createFleet, SITES, type ResumedCounters, type SimPlant } from '@pv/simulator';
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';
import { deviceKeyColumns, newDeviceKey } from '../../ingest/index.js';
import { demoAddress } from './addresses.js';
import { CATALOGUE } from './catalogue.js';
import { seedDemoFaults } from './faults.js';
import { deviceFirmware } from './firmware.js';
import { backfillDemoHistory, resumeCounters, type BackfillResult } from './history.js';

const PRODUCTS = CATALOGUE.map(({ name, type, code }) => ({ name, type, code }));

const DAY = 86_400_000;
const HOUR = 3_600_000;
const ORG_ROTATION = ['SUNPATH', 'GREENROOF', 'DELTA', 'ROOT', 'SUNPATH', 'ROOT'];

export interface DemoFleet {
  plants: SimPlant[];
  keys: Map<string, string>;
  /** where each device's energy counters resume (the simulator's `resume`) */
  counters: Map<string, ResumedCounters>;
  /** the history written on this (first) start, and how long it took */
  history?: BackfillResult & { ms: number };
}

/**
 * The demo plants and devices of the simulated fleet (DEMO on), created once, with their history
 * since their installation (430 days ago and more) from the simulator's model on that first start
 * (unless `history` is false). A plant has its country and an address as its city writes it; a
 * device runs the firmware its OTA history led to (deviceFirmware; seedDemoFirmware writes that
 * history). Device keys are stored hashed, so each start gives the demo devices fresh keys and
 * answers them for the in-process simulator, with the version each device runs.
 */
export async function seedDemoFleet(
  db: Kysely<Database>,
  options: { seed: number; plants: number; history?: boolean; now?: number },
): Promise<DemoFleet> {
  const fleet = createFleet({ seed: options.seed, plants: options.plants });
  const now = options.now ?? Date.now();
  let history: DemoFleet['history'];
  const exists = await db.selectFrom('plants').select('id').limit(1).executeTakeFirst();
  if (!exists) {
    const productIds = new Map<string, number>();
    for (const p of PRODUCTS) {
      const { id } = await db
        .insertInto('products')
        .values({ ...p, product_key: randomBytes(8).toString('hex'), created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      productIds.set(p.type, id);
    }
    const orgs = new Map((await db.selectFrom('orgs').select(['id', 'code']).execute()).map((o) => [o.code, o.id]));
    const refs = new Map<string, { id: number; orgId: number }>();
    const installedAt = new Map<string, number>();
    for (const [i, plant] of fleet.entries()) {
      const orgId = orgs.get(ORG_ROTATION[i % ORG_ROTATION.length]!) ?? orgs.get('ROOT')!;
      // on the hour: the history, and every counter, starts at the installation
      const installed = Math.floor((now - ((options.history === false ? 30 : 430) + i) * DAY) / HOUR) * HOUR;
      installedAt.set(plant.id, installed);
      // the version each device runs after the upgrades the firmware seed writes (seedDemoFirmware)
      const version = (sn: string, type: string) =>
        deviceFirmware({ sn, type }, { installedAt: installed, longitude: plant.longitude }, now).current;
      const { id: plantId } = await db
        .insertInto('plants')
        .values({
          org_id: orgId,
          name: plant.name,
          capacity_wp: plant.capacityWp,
          country: plant.country ?? null,
          time_zone: plant.timeZone,
          latitude: plant.latitude,
          longitude: plant.longitude,
          address: demoAddress(plant.city, Math.floor(i / SITES.length)),
          install_position: 'roof',
          installed_at: installed,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const d of plant.devices) {
        const { id: deviceId } = await db
          .insertInto('devices')
          .values({
            sn: d.sn,
            name: `${plant.name} ${d.type}`,
            type: d.type,
            product_id: productIds.get(d.type) ?? null,
            org_id: orgId,
            plant_id: plantId,
            parent_id: null,
            secret_hash: null,
            mac: null,
            comm_mode: 'mqtt',
            online_state: 'inactive',
            run_state: 'normal',
            hw_version: 'H1.0',
            sw_version: version(d.sn, d.type),
            protocol_version: '1.0',
            last_online_at: null,
            last_points: null,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        refs.set(d.sn, { id: deviceId, orgId });
        for (const sub of d.subs ?? []) {
          const { id: subId } = await db
            .insertInto('devices')
            .values({
              sn: sub.sn,
              name: `${plant.name} inverter ${sub.sn.slice(-2)}`,
              type: 'inverter',
              product_id: productIds.get('inverter') ?? null,
              org_id: orgId,
              plant_id: plantId,
              parent_id: deviceId,
              secret_hash: null,
              mac: null,
              comm_mode: 'collector',
              online_state: 'inactive',
              run_state: 'normal',
              hw_version: 'H1.0',
              sw_version: version(sub.sn, 'inverter'),
              protocol_version: '1.0',
              last_online_at: null,
              last_points: null,
              created_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          refs.set(sub.sn, { id: subId, orgId });
        }
      }
    }
    if (options.history !== false) {
      const started = performance.now();
      const written = await backfillDemoHistory(db, fleet, refs, {
        seed: options.seed,
        now,
        installedAt: (plant) => installedAt.get(plant.id)!,
      });
      history = { ...written, ms: Math.round(performance.now() - started) };
      // and the faults of the last 60 days, worked through by the demo's people
      await seedDemoFaults(db, { seed: options.seed, now });
    }
  }
  // the simulated devices report the versions they run (a console upgrade included)
  const versions = new Map(
    (await db.selectFrom('devices').select(['sn', 'sw_version']).execute()).map((d) => [d.sn, d.sw_version]),
  );
  for (const d of fleet.flatMap((p) => p.devices)) {
    d.firmware = versions.get(d.sn) ?? undefined;
    for (const sub of d.subs ?? []) sub.firmware = versions.get(sub.sn) ?? undefined;
  }
  const keys = new Map<string, string>();
  for (const plant of fleet) {
    for (const d of plant.devices) {
      const key = newDeviceKey();
      keys.set(d.sn, key);
      await db.updateTable('devices').set(deviceKeyColumns(key)).where('sn', '=', d.sn).execute();
    }
  }
  return { plants: fleet, keys, counters: await resumeCounters(db, fleet, now), history };
}
