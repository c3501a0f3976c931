import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUS_CHANNEL, redisBus } from '../src/plugins/bus.js';
import { newRefreshState, refreshDashboard } from '../src/modules/dashboard/dashboard.refresh.js';
import { refreshPlantStats } from '../src/modules/plant/plant-stats.js';
import { buildTestApp, login, type TestApp } from '../test/helper.js';
import { openStream } from '../test/sse.js';

// Two server processes (two apps on their own databases) joined only by Redis: what one publishes,
// the other's event streams deliver. No skipping: without Redis the apps cannot start and this fails.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let a: TestApp;
let b: TestApp;
let baseB: string;

beforeAll(async () => {
  a = await buildTestApp({ REDIS_URL, SIMULATOR_PLANTS: '2' });
  b = await buildTestApp({ REDIS_URL, SIMULATOR_PLANTS: '2' });
  baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

describe('event bus over Redis', () => {
  it('uses Redis when REDIS_URL is set', () => {
    expect(a.app.bus.kind).toBe('redis');
    expect(b.app.bus.kind).toBe('redis');
  });

  it('carries a dashboard refresh of one process to the event stream of another', async () => {
    const stream = await openStream(baseB, await login(b.app, 'admin'));
    expect(stream.status).toBe(200);
    const root = await a.app.db.selectFrom('orgs').select('id').where('code', '=', 'ROOT').executeTakeFirstOrThrow();
    const device = await a.app.db
      .selectFrom('devices')
      .select(['id', 'org_id', 'plant_id'])
      .where('type', '=', 'inverter')
      .executeTakeFirstOrThrow();
    await a.app.db
      .updateTable('devices')
      .set({ online_state: 'online', last_online_at: Date.now(), last_points: JSON.stringify({ acPower: 1234 }) })
      .where('id', '=', device.id)
      .execute();
    const event = await refreshDashboard(a.app.db, a.app.dialect, newRefreshState());
    expect(event?.orgIds).toContain(device.org_id);
    await a.app.bus.publish(event!);
    // the processes' own dashboard job may put a stats event of its own on the stream first
    let got = await stream.next('stats', 5000);
    while ((got.data as { at?: number }).at !== event!.at) got = await stream.next('stats', 5000);
    expect(got.data).toMatchObject({
      type: 'stats',
      at: event!.at,
      orgIds: event!.orgIds,
      plantIds: [device.plant_id],
    });
    expect(root.id).toBeGreaterThan(0);
    stream.close();
  });

  it('carries the devices one process ingested to the stream of another that watches them', async () => {
    // the two apps were seeded alike: the same device has the same id in both
    const device = await a.app.db
      .selectFrom('devices')
      .select(['id', 'sn'])
      .where('type', '=', 'inverter')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const stream = await openStream(baseB, await login(b.app, 'admin'), `devices=${device.id}`);
    expect(stream.status).toBe(200);
    await a.app.ingest.submit(device.sn, 'telemetry', { ts: Date.now(), points: { acPower: 10 } });
    await a.app.deviceActivity.flush();
    expect((await stream.next('devices', 5000)).data).toMatchObject({ type: 'devices', deviceIds: [device.id] });
    stream.close();
  });

  it("empties every process's cache of signed-in users when one of them changes something", async () => {
    const token = await login(b.app, 'viewer');
    expect(
      (
        await b.app.inject({
          method: 'GET',
          url: '/photo_voltaic/sysOrgUser/currentInfo',
          headers: { 'x-token': token },
        })
      ).statusCode,
    ).toBe(200);
    expect(b.app.sessions.size).toBeGreaterThan(0);
    await a.app.dataChanged();
    for (let i = 0; i < 100 && b.app.sessions.size > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(b.app.sessions.size).toBe(0);
  });

  it("makes every process's ingest read its device facts again when one of them changes something", async () => {
    const sn = (
      await b.app.db.selectFrom('devices').select('sn').where('type', '=', 'inverter').executeTakeFirstOrThrow()
    ).sn;
    await b.app.ingest.submit(sn, 'telemetry', { ts: Date.now(), points: { acPower: 10 } });
    expect(await b.app.ingest.cachedDevices()).toBeGreaterThan(0);
    await a.app.dataChanged();
    for (let i = 0; i < 100 && (await b.app.ingest.cachedDevices()) > 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(await b.app.ingest.cachedDevices()).toBe(0);
  });

  it("empties every process's plant list answers when the plant-stats refresh (run by one of them) writes new figures", async () => {
    const token = await login(b.app, 'admin');
    const energyToday = async () => {
      const res = await b.app.inject({
        method: 'GET',
        url: '/photo_voltaic/plants?pageNum=1&pageSize=1&sortField=energyToday&sortOrder=descend',
        headers: { 'x-token': token },
      });
      expect(res.statusCode).toBe(200);
      return res.json().data.rows[0].energyToday as number;
    };
    const before = await energyToday();
    // what another process's refresh wrote (the two apps have their own databases here)
    await b.app.db
      .updateTable('plant_stats')
      .set({ energy_today: before + 1000 })
      .execute();
    expect(await energyToday()).toBe(before); // B answers from its cache
    const heard = new Promise<void>((resolve) => {
      const off = b.app.bus.subscribe((e) => {
        if (e.type === 'plantStats') {
          off();
          resolve();
        }
      });
    });
    // a refresh in A that writes (its rows were tampered with) tells every process
    await a.app.db.updateTable('plant_stats').set({ energy_today: -1 }).execute();
    expect((await refreshPlantStats(a.app.db)).written).toBeGreaterThan(0);
    await heard;
    expect(await energyToday()).toBe(before + 1000);
  });

  it('delivers to every subscriber on the channel, in order', async () => {
    const channel = `pv:test:${randomBytes(4).toString('hex')}`;
    const log = a.app.log;
    const one = await redisBus(REDIS_URL, log, channel);
    const two = await redisBus(REDIS_URL, log, channel);
    const seen: number[] = [];
    two.subscribe((e) => seen.push(e.at));
    for (let i = 1; i <= 20; i++) await one.publish({ type: 'stats', at: i, orgIds: [1], plants: [], faults: [] });
    for (let i = 0; i < 50 && seen.length < 20; i++) await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    await one.close();
    await two.close();
  });

  it('publishes on the channel other tools can watch', async () => {
    const spy = new Redis(REDIS_URL);
    // (other messages may pass meanwhile: the jobs of the two apps publish too)
    const got = new Promise<string>((resolve) =>
      spy.on('message', (_c: string, m: string) => m.includes('"at":42') && resolve(m)),
    );
    await spy.subscribe(BUS_CHANNEL);
    await a.app.bus.publish({ type: 'stats', at: 42, orgIds: [1], plants: [], faults: [] });
    expect(JSON.parse(await got)).toMatchObject({ type: 'stats', at: 42 });
    await spy.quit();
  });

  it('refuses to start when Redis cannot be reached', async () => {
    await expect(redisBus('redis://127.0.0.1:1', a.app.log)).rejects.toThrow(/not reachable/);
  });
});
