import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, newDevice, type TestApp } from '../test/helper.js';
import { privateMosquitto, type PrivateService } from '../test/services.js';
import { deviceFleet, storedPerDevice } from './fleet.js';

// A Mosquitto of this test's own, restarted while devices publish: the server connects again by
// itself and takes the stream up where it was; every message Mosquitto acknowledged is stored once.
const SNS = Array.from({ length: 5 }, (_, i) => `MQRS${i}`);
let broker: PrivateService;
let t: TestApp | undefined;

beforeAll(async () => {
  broker = await privateMosquitto();
  t = await buildTestApp({ MQTT_URL: broker.url, SIMULATOR_PLANTS: '1' });
  const org = await t.app.db.selectFrom('orgs').select('id').where('code', '=', 'ROOT').executeTakeFirstOrThrow();
  await t.app.db
    .insertInto('devices')
    .values(SNS.map((sn) => newDevice({ sn, org_id: org.id })))
    .execute();
});
afterAll(async () => {
  await t?.close();
  await broker?.dispose();
});

it('reconnects to a restarted Mosquitto by itself and stores every acknowledged message once', async () => {
  const app = t!.app;
  const stored = async () =>
    Number(
      (
        await app.db
          .selectFrom('samples as s')
          .innerJoin('devices as d', 'd.id', 's.device_id')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('d.sn', 'like', 'MQRS%')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const fleet = await deviceFleet(broker.url, SNS, Date.parse('2026-04-01T00:00:00Z'));
  // mid-stream: the server has stored some of it
  await expect.poll(stored, { timeout: 30_000, interval: 20 }).toBeGreaterThan(100);
  await broker.stop('SIGTERM');
  // the server noticed (its link is down) while the devices wait for the broker
  await expect.poll(() => app.deviceLink!.connected, { timeout: 10_000, interval: 20 }).toBe(false);
  await broker.start();
  // the devices' next messages are acknowledged by the new broker, and the server takes them
  await fleet.more(200);
  await expect.poll(() => app.deviceLink!.connected, { timeout: 15_000, interval: 50 }).toBe(true);
  const acked = await fleet.stop();
  const total = [...acked.values()].reduce((a, b) => a + b, 0);
  await expect.poll(stored, { timeout: 30_000, interval: 100 }).toBe(total);
  // each device: exactly its acknowledged messages (samples are unique per device and time)
  const perDevice = await storedPerDevice(app.db, 'MQRS');
  const t0 = Date.parse('2026-04-01T00:00:00Z');
  expect(perDevice).toEqual(SNS.map((sn) => [sn, acked.get(sn), t0 + (acked.get(sn)! - 1) * 1000]));
}, 90_000);
