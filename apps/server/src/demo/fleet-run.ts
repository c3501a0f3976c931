import { fleetFaultRate, startFleet, type FleetRun } from '@pv/simulator';
import type { FastifyBaseLogger } from 'fastify';
import type { DemoFleet } from '../db/seed/fleet.js';

/**
 * The demo's simulated fleet (DEMO with SIMULATOR): the seeded plants report over real MQTT every
 * 10 s with their fresh device keys, carrying on from the counters the seeded history left.
 */
export async function startDemoFleet(
  demo: DemoFleet,
  brokerUrl: string,
  log: FastifyBaseLogger,
): Promise<{ run: FleetRun; devices: number }> {
  const { plants, keys, counters } = demo;
  const run = await startFleet({
    brokerUrl,
    plants,
    seed: 42,
    intervalMs: 10_000,
    credentials: (sn) => ({ username: sn, password: keys.get(sn) ?? '' }),
    resume: (sn) => counters.get(sn),
    // about one new fault every 5 minutes across the fleet, whatever its size (docs/operations.md)
    faultRatePerHour: fleetFaultRate(plants, 5),
    onError: (sn, err) => log.warn({ sn, err: err.message }, 'simulated device error'),
  });
  return { run, devices: plants.reduce((n, p) => n + p.devices.length, 0) };
}
