import { topics } from '@pv/contract';
import mqtt from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, newDevice, type TestApp } from '../test/helper.js';

const url = process.env.INGEST_MQTT_URL;
if (!url) throw new Error('INGEST_MQTT_URL is not set: run this suite with `npm run test:ingest`');

let a: TestApp;
let b: TestApp | undefined;
const DEVICES = 50;
const sns = Array.from({ length: DEVICES }, (_, i) => `EXT${String(i).padStart(4, '0')}`);

beforeAll(async () => {
  a = await buildTestApp({ MQTT_URL: url, SIMULATOR_PLANTS: '1' });
  // a second server process on the same database takes its share of the stream
  b = await buildTestApp({ MQTT_URL: url, SIMULATOR_PLANTS: '1', DATABASE_URL: a.config.databaseUrl });
  const org = await a.app.db.selectFrom('orgs').select('id').where('code', '=', 'ROOT').executeTakeFirstOrThrow();
  await a.app.db
    .insertInto('devices')
    .values(sns.map((sn) => newDevice({ sn, org_id: org.id })))
    .execute();
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const stored = async () =>
  Number(
    (
      await a.app.db
        .selectFrom('samples as s')
        .innerJoin('devices as d', 'd.id', 's.device_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('d.sn', 'like', 'EXT%')
        .executeTakeFirstOrThrow()
    ).n,
  );

it('stores every QoS 1 message published through Mosquitto, split between two servers, none twice', async () => {
  const PER_DEVICE = 60;
  const publisher = await mqtt.connectAsync(url, { clientId: `fleet-${Date.now()}` });
  const t0 = Date.parse('2026-03-01T00:00:00Z');
  const sends: Promise<unknown>[] = [];
  for (let k = 0; k < PER_DEVICE; k++) {
    for (const sn of sns)
      sends.push(
        publisher.publishAsync(
          topics.telemetry(sn),
          JSON.stringify({ ts: t0 + k * 60_000, points: { acPower: k, energyTotal: 100 + k * 0.1 } }),
          { qos: 1 },
        ),
      );
  }
  // resends (the other server may take them): stored and averaged once
  for (let k = 0; k < 10; k++) {
    for (const sn of sns.slice(0, 10))
      sends.push(
        publisher.publishAsync(
          topics.telemetry(sn),
          JSON.stringify({ ts: t0 + k * 60_000, points: { acPower: k, energyTotal: 100 + k * 0.1 } }),
          { qos: 1 },
        ),
      );
  }
  await Promise.all(sends);
  await publisher.endAsync();
  const total = DEVICES * PER_DEVICE;
  await expect.poll(stored, { timeout: 60_000, interval: 250 }).toBe(total);
  // both processes took a share of the shared subscription
  expect(a.app.ingest.stats.accepted).toBeGreaterThan(0);
  expect(b!.app.ingest.stats.accepted).toBeGreaterThan(0);
  // the resends are in too (the broker acknowledged them to the publisher before we took them)
  await expect
    .poll(() => a.app.ingest.stats.accepted + b!.app.ingest.stats.accepted, { timeout: 10_000 })
    .toBe(total + 100);
  expect(await stored()).toBe(total);
  // rollups were kept as the data arrived
  const daily = await a.app.db.selectFrom('device_daily').select(['energy_kwh']).execute();
  expect(daily.length).toBeGreaterThanOrEqual(DEVICES);
  // 5-minute buckets written by both servers at once: 5 samples each, acPower k = 5j … 5j+4 averages 5j+2
  const buckets = await a.app.db
    .selectFrom('device_rollup_5m as r')
    .innerJoin('devices as d', 'd.id', 'r.device_id')
    .select(['d.sn', 'r.bucket', 'r.n', 'r.points'])
    .where('d.sn', 'like', 'EXT%')
    .execute();
  expect(buckets).toHaveLength(DEVICES * (PER_DEVICE / 5));
  for (const r of buckets) {
    const j = (r.bucket - t0) / 300_000;
    expect({ sn: r.sn, j, n: r.n, acPower: JSON.parse(r.points).acPower }).toEqual({
      sn: r.sn,
      j,
      n: 5,
      acPower: 5 * j + 2,
    });
  }
});

it('drops malformed messages from the external broker and keeps going', async () => {
  const publisher = await mqtt.connectAsync(url, { clientId: `bad-${Date.now()}` });
  const before = a.app.ingest.stats.rejected + b!.app.ingest.stats.rejected;
  await publisher.publishAsync(topics.telemetry(sns[0]!), 'garbage', { qos: 1 });
  await publisher.publishAsync(
    topics.telemetry(sns[0]!),
    JSON.stringify({ ts: Date.parse('2026-03-05T00:00:00Z'), points: { acPower: 1 } }),
    { qos: 1 },
  );
  await publisher.endAsync();
  await expect
    .poll(() => a.app.ingest.stats.rejected + b!.app.ingest.stats.rejected, { timeout: 10_000 })
    .toBe(before + 1);
  await expect.poll(stored, { timeout: 10_000 }).toBe(DEVICES * 60 + 1);
});

it('leaves a message it could not commit unacknowledged: the broker delivers it again after the reconnect', async () => {
  const ts = Date.parse('2026-03-06T00:00:00Z');
  let failures = 0;
  const restore: (() => void)[] = [];
  for (const app of [a.app, b!.app]) {
    const submit = app.ingest.submit.bind(app.ingest);
    // the first attempt at this message fails as a database error would
    app.ingest.submit = (sn, kind, payload) => {
      if (sn === sns[1] && failures === 0 && String(payload).includes(String(ts))) {
        failures++;
        return Promise.reject(new Error('database unavailable'));
      }
      return submit(sn, kind, payload);
    };
    restore.push(() => (app.ingest.submit = submit));
  }
  try {
    const publisher = await mqtt.connectAsync(url, { clientId: `retry-${Date.now()}` });
    await publisher.publishAsync(topics.telemetry(sns[1]!), JSON.stringify({ ts, points: { acPower: 5 } }), { qos: 1 });
    await publisher.endAsync();
    await expect.poll(() => failures, { timeout: 10_000 }).toBe(1);
    const storedOnce = async () =>
      (
        await a.app.db
          .selectFrom('samples as s')
          .innerJoin('devices as d', 'd.id', 's.device_id')
          .select('s.ts')
          .where('d.sn', '=', sns[1]!)
          .where('s.ts', '=', ts)
          .execute()
      ).length;
    await expect.poll(storedOnce, { timeout: 20_000, interval: 250 }).toBe(1);
    // both servers are connected again
    await expect
      .poll(() => a.app.deviceLink!.connected && b!.app.deviceLink!.connected, { timeout: 10_000 })
      .toBe(true);
  } finally {
    for (const r of restore) r();
  }
});

it('hands its share of the stream to the other server when it stops, after committing what it had taken', async () => {
  const before = await stored();
  const publisher = await mqtt.connectAsync(url, { clientId: `handover-${Date.now()}` });
  const t1 = Date.parse('2026-03-10T00:00:00Z');
  const ROUNDS = 40;
  let stopping: Promise<void> | undefined;
  const leaving = b!;
  for (let k = 0; k < ROUNDS; k++) {
    await Promise.all(
      sns.map((sn) =>
        publisher.publishAsync(topics.telemetry(sn), JSON.stringify({ ts: t1 + k * 60_000, points: { acPower: k } }), {
          qos: 1,
        }),
      ),
    );
    // mid-stream, the second server stops (as on SIGTERM) while it holds messages
    if (k === 10) stopping = leaving.close();
  }
  await stopping;
  b = undefined;
  const tookBeforeLeaving = leaving.app.ingest.stats.accepted;
  expect(tookBeforeLeaving).toBeGreaterThan(0);
  // Mosquitto gives an offline session that is still subscribed its share too: the stopped server
  // unsubscribed, so the one left takes every message from now on
  const t2 = Date.parse('2026-03-11T00:00:00Z');
  for (const sn of sns)
    await publisher.publishAsync(topics.telemetry(sn), JSON.stringify({ ts: t2, points: { acPower: 1 } }), { qos: 1 });
  await publisher.endAsync();
  await expect.poll(stored, { timeout: 30_000, interval: 250 }).toBe(before + (ROUNDS + 1) * DEVICES);
  expect(leaving.app.ingest.stats.accepted).toBe(tookBeforeLeaving);
});
