import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { topics } from '@pv/contract';
import mqtt from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mosquittoAcl, mosquittoPasswords } from '../src/ingest/acl.js';
import { buildTestApp, login, type TestApp } from '../test/helper.js';

// A Mosquitto that authenticates with a password file and authorises with the ACL generated from
// the device registry: the same topic rules as the embedded broker.
const bin = process.env.INGEST_MOSQUITTO_BIN;
if (!bin) throw new Error('INGEST_MOSQUITTO_BIN is not set: run this suite with `npm run test:ingest`');

let registry: TestApp;
let server: TestApp | undefined;
let broker: ChildProcess;
let url: string;
const dir = mkdtempSync(join(tmpdir(), 'pv-acl-'));
const PASSWORDS: Record<string, string> = { 'pv-ingest': 'ingest-secret', NOTREGISTERED: 'key-3' };

beforeAll(async () => {
  registry = await buildTestApp({ SIMULATOR_PLANTS: '1' });
  // the devices are registered through the console: their keys are answered once, and the
  // password file is generated from the registry (nothing typed by hand but the ingest user's)
  const admin = await login(registry.app, 'admin');
  for (const sn of ['ACL0001', 'ACL0002']) {
    const res = await registry.app.inject({
      method: 'POST',
      url: '/photo_voltaic/devices',
      headers: { 'x-token': admin },
      payload: { sn, name: sn, type: 'inverter' },
    });
    expect(res.statusCode).toBe(200);
    PASSWORDS[sn] = res.json().data.deviceKey;
  }

  chmodSync(dir, 0o777);
  const acl = await mosquittoAcl(registry.app.db, { ingestUser: 'pv-ingest' });
  writeFileSync(join(dir, 'acl'), acl, { mode: 0o644 });
  writeFileSync(
    join(dir, 'passwd'),
    await mosquittoPasswords(registry.app.db, { ingestUser: 'pv-ingest', ingestPassword: PASSWORDS['pv-ingest'] }),
    { mode: 0o644 },
  );
  // a broker account the registry does not know: it signs in but gets no topic
  expect(
    spawnSync('mosquitto_passwd', ['-b', join(dir, 'passwd'), 'NOTREGISTERED', PASSWORDS.NOTREGISTERED!]).status,
  ).toBe(0);
  chmodSync(join(dir, 'passwd'), 0o644);
  const port = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
  writeFileSync(
    join(dir, 'mosquitto.conf'),
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      `password_file ${join(dir, 'passwd')}`,
      `acl_file ${join(dir, 'acl')}`,
      'max_queued_messages 0',
      'log_type error',
      '',
    ].join('\n'),
  );
  broker = spawn(bin, ['-c', join(dir, 'mosquitto.conf')], { stdio: ['ignore', 'inherit', 'inherit'] });
  for (let i = 0; ; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const s = createConnection(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      }).on('error', () => resolve(false));
    });
    if (up) break;
    if (i > 50) throw new Error('mosquitto with the ACL did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  url = `mqtt://127.0.0.1:${port}`;
  // the ingest server signs in as pv-ingest (credentials in MQTT_URL)
  server = await buildTestApp({
    MQTT_URL: `mqtt://pv-ingest:${PASSWORDS['pv-ingest']}@127.0.0.1:${port}`,
    SIMULATOR_PLANTS: '1',
    DATABASE_URL: registry.config.databaseUrl,
  });
});
afterAll(async () => {
  await server?.close();
  broker?.kill();
  await registry?.close();
  rmSync(dir, { recursive: true, force: true });
});

const samplesOf = async (sn: string) =>
  (
    await registry.app.db
      .selectFrom('samples as s')
      .innerJoin('devices as d', 'd.id', 's.device_id')
      .select('s.ts')
      .where('d.sn', '=', sn)
      .execute()
  ).length;
const device = (sn: string) =>
  mqtt.connectAsync(url, {
    clientId: `${sn}-${Date.now()}`,
    username: sn,
    password: PASSWORDS[sn],
    protocolVersion: 5,
    reconnectPeriod: 0,
  });

it('lists every registered device with only its own topics', async () => {
  const acl = await mosquittoAcl(registry.app.db, { ingestUser: 'pv-ingest', now: new Date(0) });
  expect(acl).toContain(
    'user ACL0001\ntopic write pv/ACL0001/up/telemetry\ntopic write pv/ACL0001/up/event\ntopic write pv/ACL0001/up/ack\ntopic read pv/ACL0001/down/#\n',
  );
  expect(acl).toContain('user pv-ingest\ntopic read $share/ingest/pv/+/up/#');
  expect(acl).not.toContain('NOTREGISTERED');
});

it('lets a device publish to its own topics only and read only its own commands', async () => {
  const ts = Date.parse('2026-04-01T00:00:00Z');
  // into another device's topic: refused by the broker (PUBACK 0x87; the client then drops the connection), never stored
  const bad = await device('ACL0001');
  await expect(
    bad.publishAsync(topics.telemetry('ACL0002'), JSON.stringify({ ts, points: { acPower: 1 } }), { qos: 1 }),
  ).rejects.toThrow(/Not authorized/);
  bad.end(true);
  const a = await device('ACL0001');
  await a.publishAsync(topics.telemetry('ACL0001'), JSON.stringify({ ts, points: { acPower: 2 } }), { qos: 1 });
  await expect.poll(() => samplesOf('ACL0001'), { timeout: 10_000 }).toBe(1);
  expect(await samplesOf('ACL0002')).toBe(0);

  // commands from the server reach the device on its own down topic, not another's
  const b = await device('ACL0002');
  await b.subscribeAsync(topics.downAll('ACL0001'), { qos: 1 }).catch(() => undefined);
  const got: string[] = [];
  b.on('message', (topic) => got.push(topic));
  await a.subscribeAsync(topics.downAll('ACL0001'), { qos: 1 });
  const received = new Promise<string>((resolve) => a.once('message', (_t, buf) => resolve(buf.toString())));
  await server!.app.deviceLink!.publishCommand('ACL0001', { cmdId: 'acl-1', kind: 'reboot', params: {} });
  expect(JSON.parse(await received)).toMatchObject({ cmdId: 'acl-1' });
  expect(got).toEqual([]);
  await a.endAsync();
  await b.endAsync();
});

it('refuses a device that signs in with a wrong key', async () => {
  await expect(
    mqtt.connectAsync(url, {
      clientId: `wrong-${Date.now()}`,
      username: 'ACL0001',
      password: 'not-the-key',
      protocolVersion: 5,
      reconnectPeriod: 0,
    }),
  ).rejects.toThrow(/Bad User Name or Password|Not authorized/);
});

it('gives a device missing from the registry no topic at all', async () => {
  const c = await device('NOTREGISTERED');
  await expect(
    c.publishAsync('pv/NOTREGISTERED/up/telemetry', JSON.stringify({ ts: Date.now(), points: { acPower: 1 } }), {
      qos: 1,
    }),
  ).rejects.toThrow(/Not authorized/);
  c.end(true);
  const before = server!.app.ingest.stats.rejected;
  // a registered device's message after it reaches the server: whatever the broker let through of
  // the refused one would have come before it
  const later = await device('ACL0002');
  await later.publishAsync(
    topics.telemetry('ACL0002'),
    JSON.stringify({ ts: Date.parse('2026-04-02T00:00:00Z'), points: { acPower: 3 } }),
    { qos: 1 },
  );
  await later.endAsync();
  await expect.poll(() => samplesOf('ACL0002'), { timeout: 10_000 }).toBe(1);
  // nothing of the refused one reached the server: not even an "unknown device" rejection
  expect(server!.app.ingest.stats.rejected).toBe(before);
  expect(server!.app.ingest.stats.accepted).toBe(2);
});
