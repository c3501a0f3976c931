import { createInverterFleet, plantNameOf, registerFleet, RegisterError, startFleet } from '@pv/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, type TestApp } from './helper.js';

// `npm run simulate -- --api URL ...`: the simulator registers its fleet through the console's own
// API (a real server on a real port), then its devices sign in to the embedded broker with the
// keys they were given.
let t: TestApp;
let api: string;
beforeAll(async () => {
  t = await buildTestApp();
  api = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

describe('registering a simulated fleet', () => {
  const plants = createInverterFleet(7, 12);

  it('creates the plants and devices and signs every device in with its own key', async () => {
    const keys = await registerFleet(plants, { api, username: 'admin', password: DEMO });
    expect(keys.size).toBe(12);
    const names = plants.map(plantNameOf);
    const stored = await t.app.db
      .selectFrom('plants')
      .select(['id', 'name', 'time_zone'])
      .where('name', 'in', names)
      .execute();
    expect(stored.map((p) => p.name).sort()).toEqual([...names].sort());
    expect(stored.find((p) => p.name === names[0])?.time_zone).toBe(plants[0]!.timeZone);
    const devices = await t.app.db
      .selectFrom('devices')
      .select(['sn', 'plant_id'])
      .where('sn', 'in', [...keys.keys()])
      .execute();
    expect(devices).toHaveLength(12);

    const run = await startFleet({
      brokerUrl: `mqtt://127.0.0.1:${t.app.deviceLink!.port}`,
      plants,
      seed: 7,
      intervalMs: 100,
      speed: 60,
      credentials: (sn) => ({ username: sn, password: keys.get(sn)! }),
    });
    try {
      const sn = plants[1]!.devices[0]!.sn;
      const id = (await t.app.db.selectFrom('devices').select('id').where('sn', '=', sn).executeTakeFirstOrThrow()).id;
      await expect
        .poll(
          async () => (await t.app.db.selectFrom('samples').select('ts').where('device_id', '=', id).execute()).length,
          { timeout: 10_000 },
        )
        .toBeGreaterThanOrEqual(1);
      expect(run.failed).toBe(0);
    } finally {
      await run.stop();
    }
  });

  it('registers again without duplicates: the same plants, new keys', async () => {
    const before = await t.app.db
      .selectFrom('plants')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const first = await registerFleet(plants.slice(0, 1), { api, username: 'admin', password: DEMO });
    const again = await registerFleet(plants.slice(0, 1), { api, username: 'admin', password: DEMO });
    expect(
      (
        await t.app.db
          .selectFrom('plants')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ).toBe(before.n);
    const sn = plants[0]!.devices[0]!.sn;
    expect(again.get(sn)).toBeTruthy();
    expect(again.get(sn)).not.toBe(first.get(sn));
  });

  it("registers a collector's inverters as its sub devices", async () => {
    const { createFleet } = await import('@pv/simulator');
    const fleet = createFleet({ seed: 3, plants: 12 });
    const collector = fleet.flatMap((p) => p.devices).find((d) => d.type === 'collector' && d.subs?.length);
    expect(collector).toBeTruthy();
    // a fleet of its own SNs: the demo seed registered createFleet's, so rename them
    const plant = fleet.find((p) => p.devices.includes(collector!))!;
    const own = {
      ...plant,
      name: `${plant.name} Own`,
      devices: [
        { ...collector!, sn: `OWN${collector!.sn}`, subs: collector!.subs!.map((s) => ({ ...s, sn: `OWN${s.sn}` })) },
      ],
    };
    const keys = await registerFleet([own], { api, username: 'admin', password: DEMO });
    expect([...keys.keys()]).toEqual([`OWN${collector!.sn}`]);
    const subs = await t.app.db
      .selectFrom('devices as d')
      .innerJoin('devices as c', 'c.id', 'd.parent_id')
      .select(['d.sn', 'c.sn as parent', 'd.secret_hash'])
      .where('c.sn', '=', `OWN${collector!.sn}`)
      .execute();
    expect(subs.map((s) => s.sn).sort()).toEqual(collector!.subs!.map((s) => `OWN${s.sn}`).sort());
    expect(subs.every((s) => s.secret_hash === null)).toBe(true);
  });

  it('says why when it cannot sign in', async () => {
    await expect(registerFleet(plants, { api, username: 'admin', password: 'wrong-password-1' })).rejects.toThrow(
      RegisterError,
    );
    await expect(registerFleet(plants, { api, username: 'viewer', password: DEMO })).rejects.toThrow(
      /create plant|register device/,
    );
  });
});
