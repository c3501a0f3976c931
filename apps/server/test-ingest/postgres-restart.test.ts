import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, login, newDevice, type TestApp } from '../test/helper.js';
import { privateMosquitto, privatePostgres, type PrivateService } from '../test/services.js';
import { deviceFleet, storedPerDevice } from './fleet.js';

// A PostgreSQL cluster of this test's own (initdb, pg_ctl), restarted while devices publish
// through Mosquitto: the server stays up, answers what needs no database and refuses the rest
// with a clear 503, leaves the devices' messages with the broker (it acknowledges nothing it
// did not commit), and carries on by itself once the database is back. Nothing acknowledged is lost.
const SNS = Array.from({ length: 5 }, (_, i) => `PGRS${i}`);
let database: PrivateService;
let broker: PrivateService;
let t: TestApp | undefined;

beforeAll(async () => {
  database = await privatePostgres();
  broker = await privateMosquitto();
  t = await buildTestApp({ MQTT_URL: broker.url, DATABASE_URL: database.url, SIMULATOR_PLANTS: '1' });
  const org = await t.app.db.selectFrom('orgs').select('id').where('code', '=', 'ROOT').executeTakeFirstOrThrow();
  await t.app.db
    .insertInto('devices')
    .values(SNS.map((sn) => newDevice({ sn, org_id: org.id })))
    .execute();
}, 90_000);
afterAll(async () => {
  await database?.start().catch(() => undefined);
  await t?.close();
  await Promise.all([database?.dispose(), broker?.dispose()]);
});

it('survives a PostgreSQL restart mid-stream: clear 503s meanwhile, every acknowledged message stored after', async () => {
  const app = t!.app;
  const token = await login(app, 'admin');
  const get = (url: string) =>
    app.inject({ method: 'GET', url: `/photo_voltaic${url}`, headers: { 'x-token': token, 'accept-language': 'es' } });
  const stored = async () =>
    Number(
      (
        await app.db
          .selectFrom('samples as s')
          .innerJoin('devices as d', 'd.id', 's.device_id')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('d.sn', 'like', 'PGRS%')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const t0 = Date.parse('2026-05-01T00:00:00Z');
  const fleet = await deviceFleet(broker.url, SNS, t0);
  await expect.poll(stored, { timeout: 30_000, interval: 20 }).toBeGreaterThan(100);

  await database.stop('SIGTERM');
  // the devices go on: Mosquitto acknowledges and keeps their messages while the server cannot commit
  await fleet.more(300);
  // the server is up and says what is wrong, in the caller's language, in the envelope
  const health = await get('/health');
  expect([health.statusCode, health.json()]).toEqual([
    503,
    { code: 503, msg: 'No se puede acceder a la base de datos', data: { status: 'down' } },
  ]);
  const list = await get('/plants?pageNum=1&pageSize=5');
  expect([list.statusCode, list.json().msg]).toEqual([503, 'No se puede acceder a la base de datos']);
  const metrics = await app.inject({ method: 'GET', url: '/photo_voltaic/metrics', remoteAddress: '127.0.0.1' });
  expect(metrics.statusCode).toBe(200);

  await database.start();
  // no manual step: the next requests find the database again
  await expect.poll(async () => (await get('/health')).statusCode, { timeout: 20_000, interval: 100 }).toBe(200);
  expect((await get('/plants?pageNum=1&pageSize=5')).statusCode).toBe(200);
  await fleet.more(200);
  const acked = await fleet.stop();
  const total = [...acked.values()].reduce((a, b) => a + b, 0);
  await expect.poll(stored, { timeout: 60_000, interval: 100 }).toBe(total);
  const perDevice = await storedPerDevice(app.db, 'PGRS');
  expect(perDevice).toEqual(SNS.map((sn) => [sn, acked.get(sn), t0 + (acked.get(sn)! - 1) * 1000]));
  // the 5-minute rollups counted each message once
  const rolled = await app.db
    .selectFrom('device_rollup_5m as r')
    .innerJoin('devices as d', 'd.id', 'r.device_id')
    .select((eb) => eb.fn.sum<number>('r.n').as('n'))
    .where('d.sn', 'like', 'PGRS%')
    .executeTakeFirstOrThrow();
  expect(Number(rolled.n)).toBe(total);
}, 120_000);
