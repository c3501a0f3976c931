import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from '../test/helper.js';
import { privateRedis, type PrivateService } from '../test/services.js';
import { openStream } from '../test/sse.js';

// Two server processes joined by a Redis of this test's own, which is killed and started again:
// while it is down the live streams end and new ones are refused (the console polls), and
// nothing else fails; once it is back, the streams carry the other process's events again.
let redis: PrivateService;
let a: TestApp | undefined;
let b: TestApp | undefined;
let baseB: string;

beforeAll(async () => {
  redis = await privateRedis();
  a = await buildTestApp({ REDIS_URL: redis.url, SIMULATOR_PLANTS: '1' });
  b = await buildTestApp({ REDIS_URL: redis.url, SIMULATOR_PLANTS: '1' });
  baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await redis?.dispose();
});

it('ends live streams while Redis is down, keeps everything else working, and is live again when it is back', async () => {
  // the two apps were seeded alike: the same device has the same id in both
  const device = await a!.app.db
    .selectFrom('devices')
    .select(['id', 'sn'])
    .where('type', '=', 'inverter')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const tokenB = await login(b!.app, 'admin');
  const report = async (app: TestApp['app']) => {
    await app.ingest.submit(device.sn, 'telemetry', { ts: Date.now(), points: { acPower: 10 } });
    await app.deviceActivity.flush();
  };
  const stream = await openStream(baseB, tokenB, `devices=${device.id}`);
  expect(stream.status).toBe(200);
  await report(a!.app);
  expect((await stream.next('devices', 5000)).data).toMatchObject({ deviceIds: [device.id] });

  await redis.stop('SIGKILL');
  // the stream ends (the console's EventSource notices and polls), and a new one is refused
  expect(await stream.waitEnd(10_000)).toBe(true);
  expect(b!.app.bus.live).toBe(false);
  const refused = await fetch(`${baseB}/photo_voltaic/events?devices=${device.id}`, {
    headers: { 'x-token': tokenB, 'accept-language': 'zh' },
  });
  expect([refused.status, await refused.json()]).toEqual([
    503,
    { code: 503, msg: '实时更新暂时停止，页面每分钟自动刷新', data: null },
  ]);
  // nothing else fails or waits on Redis: sign-in, a console write (which tells every process to
  // empty its caches), lists, the ingest and its live activity
  const tokenA = await login(a!.app, 'admin');
  const headers = { 'x-token': tokenA };
  const write = await a!.app.inject({
    method: 'POST',
    url: '/photo_voltaic/devices',
    headers,
    payload: { sn: 'REDISDOWN1', name: 'written while Redis is down', type: 'inverter' },
  });
  expect(write.statusCode).toBe(200);
  const list = await a!.app.inject({
    method: 'GET',
    url: '/photo_voltaic/devices?pageNum=1&pageSize=5&sn=REDISDOWN1',
    headers,
  });
  expect([list.statusCode, list.json().data.total]).toEqual([200, 1]);
  await report(a!.app);
  // a session another process revoked counts on B within a second or so, as B cannot hear of it:
  // B empties its caches by itself while the bus is down (its session cache keeps an answer 10 s)
  const viewer = await login(b!.app, 'viewer');
  const currentInfo = async () =>
    (
      await b!.app.inject({
        method: 'GET',
        url: '/photo_voltaic/sysOrgUser/currentInfo',
        headers: { 'x-token': viewer },
      })
    ).statusCode;
  expect(await currentInfo()).toBe(200);
  const viewerId = (
    await b!.app.db.selectFrom('users').select('id').where('login_name', '=', 'viewer').executeTakeFirstOrThrow()
  ).id;
  await b!.app.db.updateTable('sessions').set({ revoked_at: Date.now() }).where('user_id', '=', viewerId).execute();
  await expect.poll(currentInfo, { timeout: 3000, interval: 50 }).toBe(401);

  await redis.start();
  await expect.poll(() => a!.app.bus.live && b!.app.bus.live, { timeout: 15_000, interval: 50 }).toBe(true);
  const again = await openStream(baseB, tokenB, `devices=${device.id}`);
  expect(again.status).toBe(200);
  await report(a!.app);
  expect((await again.next('devices', 5000)).data).toMatchObject({ deviceIds: [device.id] });
  again.close();
});
