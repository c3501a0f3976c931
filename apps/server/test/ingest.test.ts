import { topics } from '@pv/contract';
import { startFleet } from '@pv/simulator';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashDeviceKey } from '../src/ingest/broker.js';
import { markOffline } from '../src/ingest/state.js';
import { buildTestApp, login, type TestApp } from './helper.js';

let t: TestApp;
let url: string;
const SN = 'TESTINV01';
const KEY = 'test-device-key-1';

beforeAll(async () => {
  t = await buildTestApp();
  url = `mqtt://127.0.0.1:${t.app.deviceLink!.port}`;
  const db = t.app.db;
  const org = await db.selectFrom('orgs').select('id').where('code', '=', 'SUNPATH').executeTakeFirstOrThrow();
  const { id: plantId } = await db
    .insertInto('plants')
    .values({ org_id: org.id, name: 'Berlin test', capacity_wp: 5000, country: 'DE', time_zone: 'Europe/Berlin', latitude: 52.5, longitude: 13.4, address: 'Berlin', install_position: 'roof', installed_at: null, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const sn of [SN, 'TESTINV02']) {
    await db
      .insertInto('devices')
      .values({ sn, name: sn, type: 'inverter', product_id: null, org_id: org.id, plant_id: plantId, parent_id: null, secret_hash: hashDeviceKey(sn === SN ? KEY : 'other-key'), mac: null, comm_mode: 'mqtt', online_state: 'inactive', run_state: 'normal', hw_version: null, sw_version: null, protocol_version: null, last_online_at: null, last_points: null, created_at: Date.now() })
      .execute();
  }
});
afterAll(async () => t.close());

const deviceId = async (sn: string) => (await t.app.db.selectFrom('devices').select('id').where('sn', '=', sn).executeTakeFirstOrThrow()).id;
const samplesOf = async (sn: string) => t.app.db.selectFrom('samples').selectAll().where('device_id', '=', await deviceId(sn)).orderBy('ts').execute();
const connect = (username: string, password: string) => mqtt.connectAsync(url, { username, password, clientId: `${username}-${Math.random()}`, reconnectPeriod: 0 });

describe('MQTT device protocol on the embedded broker', () => {
  it('refuses a wrong key and counts it', async () => {
    const before = t.app.deviceLink!.stats.refusedLogins;
    await expect(connect(SN, 'wrong')).rejects.toThrow();
    await expect(connect('NOSUCHDEVICE', KEY)).rejects.toThrow();
    expect(t.app.deviceLink!.stats.refusedLogins).toBe(before + 2);
  });

  it('has the sample committed when the QoS 1 publish is acknowledged, and stores a repeat once', async () => {
    const c = await connect(SN, KEY);
    const ts = Date.parse('2026-06-21T10:00:00Z');
    const body = JSON.stringify({ ts, points: { acPower: 3100, energyTotal: 1000, energyToday: 5, vendorPoint: 7 } });
    await c.publishAsync(topics.telemetry(SN), body, { qos: 1 });
    // no waiting: the PUBACK came after the commit
    const rows = await samplesOf(SN);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.points)).toMatchObject({ acPower: 3100, vendorPoint: 7 });
    await c.publishAsync(topics.telemetry(SN), body, { qos: 1 });
    expect(await samplesOf(SN)).toHaveLength(1);
    const d = await t.app.db.selectFrom('devices').selectAll().where('sn', '=', SN).executeTakeFirstOrThrow();
    expect(d.online_state).toBe('online');
    expect(d.run_state).toBe('run');
    expect(d.last_online_at).toBe(ts);
    await c.endAsync();
  });

  it('drops malformed payloads without disconnecting the device', async () => {
    const c = await connect(SN, KEY);
    const rejected = t.app.ingest.stats.rejected;
    await c.publishAsync(topics.telemetry(SN), 'not json', { qos: 1 });
    await c.publishAsync(topics.telemetry(SN), JSON.stringify({ ts: 'yesterday', points: {} }), { qos: 1 });
    expect(t.app.ingest.stats.rejected).toBe(rejected + 2);
    expect(c.connected).toBe(true);
    await c.publishAsync(topics.telemetry(SN), JSON.stringify({ ts: Date.parse('2026-06-21T10:05:00Z'), points: { acPower: 3000, energyTotal: 1000.25 } }), { qos: 1 });
    expect(await samplesOf(SN)).toHaveLength(2);
    await c.endAsync();
  });

  it('lets a device use only its own topics', async () => {
    const c = await connect(SN, KEY);
    // refused with 0x80 in the SUBACK; the device stays connected
    await expect(c.subscribeAsync(topics.downAll('TESTINV02'), { qos: 1 })).rejects.toThrow(/Subscribe error/);
    expect(c.connected).toBe(true);
    const own = await c.subscribeAsync(topics.downAll(SN), { qos: 1 });
    expect(own[0]!.qos).toBe(1);
    const refused = t.app.deviceLink!.stats.refusedTopics;
    c.publish(topics.telemetry('TESTINV02'), JSON.stringify({ ts: Date.now(), points: { acPower: 1 } }), { qos: 1 });
    await expect.poll(() => t.app.deviceLink!.stats.refusedTopics).toBe(refused + 1);
    expect(await samplesOf('TESTINV02')).toHaveLength(0);
    c.end(true);
  });

  it('sends commands on the down topic', async () => {
    const c = await connect(SN, KEY);
    await c.subscribeAsync(topics.downAll(SN), { qos: 1 });
    const got = new Promise<string>((resolve) => c.once('message', (_t, buf) => resolve(buf.toString())));
    await t.app.deviceLink!.publishCommand(SN, { cmdId: 'c-1', kind: 'reboot', params: {} });
    expect(JSON.parse(await got)).toEqual({ cmdId: 'c-1', kind: 'reboot', params: {} });
    await c.endAsync();
  });

  it('keeps the versions a device reports in an info event', async () => {
    const c = await connect(SN, KEY);
    await c.publishAsync(topics.event(SN), JSON.stringify({ type: 'info', ts: Date.now(), hwVersion: 'H2.1', swVersion: 'V3.4.5', protocolVersion: '1.2' }), { qos: 1 });
    expect(await t.app.db.selectFrom('devices').select(['hw_version', 'sw_version', 'protocol_version']).where('sn', '=', SN).executeTakeFirstOrThrow()).toEqual({ hw_version: 'H2.1', sw_version: 'V3.4.5', protocol_version: '1.2' });
    // a partial report changes only what it names
    await c.publishAsync(topics.event(SN), JSON.stringify({ type: 'info', ts: Date.now(), swVersion: 'V3.5.0' }), { qos: 1 });
    expect(await t.app.db.selectFrom('devices').select(['hw_version', 'sw_version']).where('sn', '=', SN).executeTakeFirstOrThrow()).toEqual({ hw_version: 'H2.1', sw_version: 'V3.5.0' });
    await c.endAsync();
  });

  it('opens a fault from an event and marks the device failed', async () => {
    const c = await connect(SN, KEY);
    await c.publishAsync(topics.event(SN), JSON.stringify({ type: 'fault', ts: Date.now(), code: 'F07', message: 'Grid overvoltage' }), { qos: 1 });
    await c.publishAsync(topics.event(SN), JSON.stringify({ type: 'fault', ts: Date.now(), code: 'F07' }), { qos: 1 });
    const faults = await t.app.db.selectFrom('faults').selectAll().where('device_id', '=', await deviceId(SN)).execute();
    expect(faults).toHaveLength(1);
    expect(faults[0]).toMatchObject({ code: 'F07', state: 'unrepaired', message: 'Grid overvoltage' });
    expect((await t.app.db.selectFrom('devices').select('run_state').where('sn', '=', SN).executeTakeFirstOrThrow()).run_state).toBe('failure');
    // a faulted device that goes on reporting stays failed until the fault is repaired or clears
    await c.publishAsync(topics.telemetry(SN), JSON.stringify({ ts: Date.now(), points: { acPower: 900 } }), { qos: 1 });
    expect((await t.app.db.selectFrom('devices').select('run_state').where('sn', '=', SN).executeTakeFirstOrThrow()).run_state).toBe('failure');
    await c.endAsync();

    // the fault list and the repair action
    const admin = await login(t.app, 'admin');
    const list = (await t.app.inject({ method: 'GET', url: '/photo_voltaic/faults?state=unrepaired&days=30', headers: { 'x-token': admin } })).json().data;
    const row = list.rows.find((r: { sn: string }) => r.sn === SN);
    expect(row).toMatchObject({ code: 'F07', state: 'unrepaired', plantName: 'Berlin test' });
    // the agent role has no System > Faults menu: no fault:list
    expect((await t.app.inject({ method: 'GET', url: '/photo_voltaic/faults', headers: { 'x-token': await login(t.app, 'agent') } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `/photo_voltaic/faults/${row.id}/repair`, headers: { 'x-token': await login(t.app, 'viewer') } })).statusCode).toBe(403);
    const repaired = await t.app.inject({ method: 'PUT', url: `/photo_voltaic/faults/${row.id}/repair`, headers: { 'x-token': admin } });
    expect(repaired.json().msg).toBe('Repair Success');
    expect((await t.app.inject({ method: 'PUT', url: `/photo_voltaic/faults/${row.id}/repair`, headers: { 'x-token': admin } })).statusCode).toBe(400);
    expect((await t.app.db.selectFrom('devices').select('run_state').where('sn', '=', SN).executeTakeFirstOrThrow()).run_state).toBe('normal');
  });
});

describe('energy rollups', () => {
  it('counts production per plant-local day from the counter, across midnight and a reset', async () => {
    const c = await connect('TESTINV02', 'other-key');
    // Berlin summer time is UTC+2: local midnight of 2026-07-02 is 2026-07-01T22:00Z
    const series: [string, number][] = [
      ['2026-07-01T20:00:00Z', 500],
      ['2026-07-01T21:00:00Z', 501],
      ['2026-07-01T23:00:00Z', 503], // 2 kWh over midnight: 1 to each day
      ['2026-07-02T08:00:00Z', 0.5], // counter reset (unit replaced): 0.5 since
      ['2026-07-02T09:00:00Z', 2.5],
    ];
    // sent out of order: late samples are fine
    for (const [iso, total] of [...series].reverse()) {
      await c.publishAsync(topics.telemetry('TESTINV02'), JSON.stringify({ ts: Date.parse(iso), points: { acPower: 100, energyTotal: total } }), { qos: 1 });
    }
    const days = await t.app.db.selectFrom('device_daily').select(['day', 'energy_kwh']).where('device_id', '=', await deviceId('TESTINV02')).orderBy('day').execute();
    expect(days.map((d) => [d.day, Math.round(d.energy_kwh * 1000) / 1000])).toEqual([
      ['2026-07-01', 2],
      ['2026-07-02', 3.5],
    ]);
    await c.endAsync();
  });
});

describe('energy rollups in order', () => {
  it('adds each delta as it arrives, ignores a repeat and still handles a late sample', async () => {
    const db = t.app.db;
    const ref = await db.selectFrom('devices').select(['org_id', 'plant_id']).where('sn', '=', SN).executeTakeFirstOrThrow();
    await db
      .insertInto('devices')
      .values({ sn: 'TESTINV03', name: 'TESTINV03', type: 'inverter', product_id: null, org_id: ref.org_id, plant_id: ref.plant_id, parent_id: null, secret_hash: hashDeviceKey('k3'), mac: null, comm_mode: 'mqtt', online_state: 'inactive', run_state: 'normal', hw_version: null, sw_version: null, protocol_version: null, last_online_at: null, last_points: null, created_at: Date.now() })
      .execute();
    const c = await connect('TESTINV03', 'k3');
    const send = (iso: string, total: number) => c.publishAsync(topics.telemetry('TESTINV03'), JSON.stringify({ ts: Date.parse(iso), points: { acPower: 100, energyTotal: total } }), { qos: 1 });
    await send('2026-07-01T20:00:00Z', 500);
    await send('2026-07-01T23:00:00Z', 503); // 22:00Z is Berlin midnight: 2 kWh / 1 kWh
    await send('2026-07-01T23:00:00Z', 503); // repeat
    await send('2026-07-02T08:00:00Z', 0.5); // reset
    await send('2026-07-02T09:00:00Z', 2.5);
    const days = async () =>
      (await db.selectFrom('device_daily').select(['day', 'energy_kwh']).where('device_id', '=', await deviceId('TESTINV03')).orderBy('day').execute()).map((d) => [d.day, Math.round(d.energy_kwh * 1000) / 1000]);
    expect(await days()).toEqual([
      ['2026-07-01', 2],
      ['2026-07-02', 3.5],
    ]);
    // a late sample in between changes nothing in the totals (the counter is consistent)
    await send('2026-07-01T21:00:00Z', 501);
    expect(await days()).toEqual([
      ['2026-07-01', 2],
      ['2026-07-02', 3.5],
    ]);
    // a reading a little back is a glitch: 2.5 → 2.4 → 3.5 adds 1 kWh, not 3.5 (a "reset") nor 1.1
    await send('2026-07-02T10:00:00Z', 2.4);
    await send('2026-07-02T11:00:00Z', 3.5);
    expect(await days()).toEqual([
      ['2026-07-01', 2],
      ['2026-07-02', 4.5],
    ]);
    // and a late sample recomputes the day with the same rule
    await send('2026-07-02T08:30:00Z', 1.5);
    expect(await days()).toEqual([
      ['2026-07-01', 2],
      ['2026-07-02', 4.5],
    ]);
    await c.endAsync();
  });

  it('counts a device that reports only energyToday from that daily counter', async () => {
    const db = t.app.db;
    const ref = await db.selectFrom('devices').select(['org_id', 'plant_id']).where('sn', '=', SN).executeTakeFirstOrThrow();
    await db
      .insertInto('devices')
      .values({ sn: 'DAILYINV05', name: 'DAILYINV05', type: 'inverter', product_id: null, org_id: ref.org_id, plant_id: ref.plant_id, parent_id: null, secret_hash: hashDeviceKey('k5'), mac: null, comm_mode: 'mqtt', online_state: 'inactive', run_state: 'normal', hw_version: null, sw_version: null, protocol_version: null, last_online_at: null, last_points: null, created_at: Date.now() })
      .execute();
    const c = await connect('DAILYINV05', 'k5');
    const send = (iso: string, today: number) => c.publishAsync(topics.telemetry('DAILYINV05'), JSON.stringify({ ts: Date.parse(iso), points: { acPower: 100, energyToday: today } }), { qos: 1 });
    // Berlin (UTC+2 in July): 18:00 → 21:00 local 10 → 12 kWh; the counter restarts at midnight
    await send('2026-07-01T16:00:00Z', 10);
    await send('2026-07-01T19:00:00Z', 12);
    await send('2026-07-02T06:00:00Z', 0.5);
    await send('2026-07-02T08:00:00Z', 3);
    const days = (await db.selectFrom('device_daily').select(['day', 'energy_kwh']).where('device_id', '=', await deviceId('DAILYINV05')).orderBy('day').execute()).map((d) => [d.day, Math.round(d.energy_kwh * 1000) / 1000]);
    // the reset step (19:00Z → 06:00Z, 0.5 kWh over 11 h, Berlin midnight at 22:00Z) gives 3/11 of it to the 1st
    expect(days).toEqual([
      ['2026-07-01', Math.round((2 + (0.5 * 3) / 11) * 1000) / 1000],
      ['2026-07-02', Math.round((2.5 + (0.5 * 8) / 11) * 1000) / 1000],
    ]);
    await c.endAsync();
  });
});

describe('device state and HTTP ingestion', () => {
  it('takes the same telemetry over HTTP with the device key', async () => {
    const post = (key: string, payload: unknown) => t.app.inject({ method: 'POST', url: `/photo_voltaic/devices/${SN}/telemetry`, headers: { 'x-device-key': key }, payload: payload as object });
    const refused = t.app.ingest.stats.refusedHttp;
    expect((await post('nope', { ts: 1, points: {} })).statusCode).toBe(401);
    // counted and shown on /health with the broker's refusals, and logged
    const health = (await t.app.inject({ method: 'GET', url: '/photo_voltaic/health' })).json().data.ingest;
    expect(health.refusedHttp).toBe(refused + 1);
    expect(health).toHaveProperty('refusedLogins');
    expect(t.logs.some((l) => l.includes('device HTTP request refused') && l.includes(SN))).toBe(true);
    const bad = await post(KEY, { ts: -5, points: {} });
    expect(bad.statusCode).toBe(400);
    const ok = await post(KEY, { ts: Date.parse('2026-06-21T11:00:00Z'), points: { acPower: 2500, energyTotal: 1002 } });
    expect(ok.statusCode).toBe(200);
    expect((await samplesOf(SN)).some((s) => s.ts === Date.parse('2026-06-21T11:00:00Z'))).toBe(true);
  });

  it('marks a silent device offline after its window', async () => {
    const id = await deviceId(SN);
    await t.app.db.updateTable('devices').set({ online_state: 'online', last_online_at: Date.now() - 10 * 60_000 }).where('id', '=', id).execute();
    expect(await markOffline(t.app.db, Date.now(), 5 * 60_000)).toContain(id);
    expect((await t.app.db.selectFrom('devices').select('online_state').where('id', '=', id).executeTakeFirstOrThrow()).online_state).toBe('offline');
  });

  it('lists devices in the caller’s scope only', async () => {
    const admin = await login(t.app, 'admin');
    const agent = await login(t.app, 'delta');
    const all = (await t.app.inject({ method: 'GET', url: `/photo_voltaic/devices?sn=TESTINV`, headers: { 'x-token': admin } })).json().data;
    expect(all.total).toBe(3);
    const delta = (await t.app.inject({ method: 'GET', url: `/photo_voltaic/devices?sn=TESTINV`, headers: { 'x-token': agent } })).json().data;
    expect(delta.total).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/photo_voltaic/devices/${await deviceId(SN)}`, headers: { 'x-token': agent } })).statusCode).toBe(404);
  });
});

describe('the simulated fleet', () => {
  it('reports over real MQTT into the database', async () => {
    const plants = (await import('@pv/simulator')).createFleet({ seed: 42, plants: 2 });
    const keys = new Map<string, string>();
    for (const p of plants)
      for (const d of p.devices) {
        const key = `k-${d.sn}`;
        keys.set(d.sn, key);
        await t.app.db.updateTable('devices').set({ secret_hash: hashDeviceKey(key) }).where('sn', '=', d.sn).execute();
      }
    const run = await startFleet({ brokerUrl: url, plants, seed: 42, intervalMs: 100, speed: 60, credentials: (sn) => ({ username: sn, password: keys.get(sn)! }) });
    try {
      const sn = plants[0]!.devices[0]!.sn;
      await expect.poll(async () => (await samplesOf(sn)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      expect(run.failed).toBe(0);
    } finally {
      await run.stop();
    }
  });
});

describe('commands', () => {
  const push = (token: string, id: number, body: unknown) => t.app.inject({ method: 'POST', url: `/photo_voltaic/devices/${id}/commands`, headers: { 'x-token': token }, payload: body as object });

  it('checks the control modes, time periods and power of spec §5/§9', async () => {
    const admin = await login(t.app, 'admin');
    const id = await deviceId(SN);
    const bad = await push(admin, id, { kind: 'control', params: { target: 'mppt', mode: 'discharge' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('This control mode does not exist');
    const overlap = await push(admin, id, { kind: 'control', params: { target: 'battery', mode: 'canControl', periods: [{ start: '08:00', end: '12:00' }, { start: '11:00', end: '13:00' }] } });
    expect(overlap.json().msg).toContain('Time period setting must be correct');
    const noPower = await push(admin, id, { kind: 'control', params: { target: 'pcs', mode: 'charge' } });
    expect(noPower.json().msg).toContain('Power setting must be correct');
    expect(await t.app.db.selectFrom('commands').select('id').execute()).toHaveLength(0);
  });

  it('stores a command before sending it, and the device ack settles it; no ack means unknown', async () => {
    const agent = await login(t.app, 'agent');
    const id = await deviceId(SN);
    const device = await connect(SN, KEY);
    await device.subscribeAsync(topics.downAll(SN), { qos: 1 });
    const received = new Promise<{ cmdId: string; kind: string; params: Record<string, unknown> }>((resolve) => device.once('message', (_t, buf) => resolve(JSON.parse(buf.toString()))));
    const res = await push(agent, id, { kind: 'control', params: { target: 'pcs', mode: 'discharge', power: 3000, periods: [{ start: '18:00', end: '22:00' }] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe('Push Success');
    expect(res.json().data).toMatchObject({ status: 'processing', kind: 'control', sentBy: 'agent' });
    const cmd = await received;
    expect(cmd).toMatchObject({ cmdId: res.json().data.cmdId, kind: 'control', params: { mode: 'discharge', power: 3000 } });
    await device.publishAsync(topics.ack(SN), JSON.stringify({ ts: Date.now(), cmdId: cmd.cmdId, ok: true, content: 'mode=discharge' }), { qos: 1 });
    const history = (await t.app.inject({ method: 'GET', url: `/photo_voltaic/devices/${id}/commands`, headers: { 'x-token': agent } })).json().data;
    expect(history.rows[0]).toMatchObject({ cmdId: cmd.cmdId, status: 'success', ackContent: 'mode=discharge' });

    const silent = await push(agent, id, { kind: 'reboot', params: {} });
    const { expireCommands } = await import('../src/modules/device/command.routes.js');
    expect(await expireCommands(t.app.db, Date.now() + 120_000, 60_000)).toEqual([id]);
    const after = (await t.app.inject({ method: 'GET', url: `/photo_voltaic/devices/${id}/commands`, headers: { 'x-token': agent } })).json().data;
    expect(after.rows.find((r: { cmdId: string }) => r.cmdId === silent.json().data.cmdId).status).toBe('unknown');
    await device.endAsync();
  });

  it('settles a refused command as failed with the ack content, and keeps a command across a restart', async () => {
    const admin = await login(t.app, 'admin');
    const id = await deviceId(SN);
    let device = await connect(SN, KEY);
    await device.subscribeAsync(topics.downAll(SN), { qos: 1 });
    const next = (c: mqtt.MqttClient) => new Promise<{ cmdId: string }>((resolve) => c.once('message', (_t, buf) => resolve(JSON.parse(buf.toString()))));
    let received = next(device);
    const refused = await push(admin, id, { kind: 'reboot', params: {} });
    await device.publishAsync(topics.ack(SN), JSON.stringify({ ts: Date.now(), cmdId: (await received).cmdId, ok: false, content: 'busy: OTA in progress' }), { qos: 1 });
    const history = async (token: string) => (await t.app.inject({ method: 'GET', url: `/photo_voltaic/devices/${id}/commands`, headers: { 'x-token': token } })).json().data.rows as { cmdId: string; status: string; ackContent: string | null }[];
    expect((await history(admin)).find((r) => r.cmdId === refused.json().data.cmdId)).toMatchObject({ status: 'failed', ackContent: 'busy: OTA in progress' });

    // sent, then the server restarts before the ack: the command is still there, processing,
    // and the ack that arrives after the restart settles it
    received = next(device);
    const pending = await push(admin, id, { kind: 'reboot', params: {} });
    const { cmdId } = await received;
    await device.endAsync();
    await t.reopen();
    url = `mqtt://127.0.0.1:${t.app.deviceLink!.port}`;
    const again = await login(t.app, 'admin');
    expect((await history(again)).find((r) => r.cmdId === pending.json().data.cmdId)).toMatchObject({ status: 'processing' });
    device = await connect(SN, KEY);
    await device.publishAsync(topics.ack(SN), JSON.stringify({ ts: Date.now(), cmdId, ok: true, content: 'rebooted' }), { qos: 1 });
    expect((await history(again)).find((r) => r.cmdId === cmdId)).toMatchObject({ status: 'success', ackContent: 'rebooted' });
    await device.endAsync();
  });

  it('answers 403 without device:control and 404 outside the scope', async () => {
    const id = await deviceId(SN);
    expect((await push(await login(t.app, 'viewer'), id, { kind: 'reboot', params: {} })).statusCode).toBe(403);
    expect((await push(await login(t.app, 'delta'), id, { kind: 'reboot', params: {} })).statusCode).toBe(404);
  });
});
