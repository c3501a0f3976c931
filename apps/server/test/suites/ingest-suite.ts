import { createHash } from 'node:crypto';
import { topics } from '@pv/contract';
import { createFleet, startFleet } from '@pv/simulator';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashDeviceKey } from '../../src/ingest/index.js';
import { markOffline } from '../../src/ingest/state.js';
import { expireCommands } from '../../src/modules/device/command.routes.js';
import { login, multipart, newDevice, type TestApp } from '../helper.js';

/**
 * The device protocol as devices see it, whichever broker carries it: the same tests run on the
 * embedded broker (test/ingest.test.ts, SQLite and PostgreSQL) and on Mosquitto with MQTT_URL
 * (test-ingest/ingest.test.ts, PostgreSQL). What only one broker can show (the embedded broker's
 * sign-in and topic checks) stays in the caller's file, on the same app (the answer's `t`).
 */
export interface IngestTarget {
  t: TestApp;
  /** Where devices connect (the embedded broker listens on a new port after `t.reopen()`). */
  brokerUrl(): string;
  /**
   * The embedded broker sends a device its PUBACK only after the commit, so what a publish stored
   * is checked at once. Mosquitto acknowledges the device when it has the message and the server
   * commits after that: the check waits for the server to have taken it.
   */
  ackAfterCommit: boolean;
}

export interface IngestSuite {
  readonly t: TestApp;
  readonly SN: string;
  readonly KEY: string;
  connect(sn: string, key: string): Promise<mqtt.MqttClient>;
  /** A QoS 1 publish, returning once the server has committed (or refused) it. */
  publish(c: mqtt.MqttClient, topic: string, body: unknown): Promise<void>;
  deviceId(sn: string): Promise<number>;
  samplesOf(sn: string): Promise<{ ts: number; points: string }[]>;
}

const SN = 'TESTINV01';
const KEY = 'test-device-key-1';

export function ingestSuite(setup: () => Promise<IngestTarget>): IngestSuite {
  let target: IngestTarget;
  const app = () => target.t.app;
  /** One figure of GET /metrics (Prometheus text; the test's requests come from this host). */
  const metric = async (name: string) => {
    const text = (await app().inject({ method: 'GET', url: '/photo_voltaic/metrics' })).body;
    const line = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
    if (!line) throw new Error(`no ${name} in /metrics`);
    return Number(line[1]);
  };

  beforeAll(async () => {
    target = await setup();
    const db = app().db;
    const org = await db.selectFrom('orgs').select('id').where('code', '=', 'SUNPATH').executeTakeFirstOrThrow();
    const { id: plantId } = await db
      .insertInto('plants')
      .values({
        org_id: org.id,
        name: 'Berlin test',
        capacity_wp: 5000,
        country: 'DE',
        time_zone: 'Europe/Berlin',
        latitude: 52.5,
        longitude: 13.4,
        address: 'Berlin',
        install_position: 'roof',
        installed_at: null,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [sn, key] of [
      [SN, KEY],
      ['TESTINV02', 'other-key'],
      ['TESTINV03', 'k3'],
      ['DAILYINV05', 'k5'],
    ] as const) {
      await db
        .insertInto('devices')
        .values(newDevice({ sn, org_id: org.id, plant_id: plantId, secret_hash: hashDeviceKey(key) }))
        .execute();
    }
  });
  afterAll(async () => target?.t.close());

  const deviceId = async (sn: string) =>
    (await app().db.selectFrom('devices').select('id').where('sn', '=', sn).executeTakeFirstOrThrow()).id;
  const samplesOf = async (sn: string) =>
    app()
      .db.selectFrom('samples')
      .select(['ts', 'points'])
      .where('device_id', '=', await deviceId(sn))
      .orderBy('ts')
      .execute();
  const deviceRow = async (sn: string) =>
    app().db.selectFrom('devices').selectAll().where('sn', '=', sn).executeTakeFirstOrThrow();
  const connect = (sn: string, key: string) =>
    mqtt.connectAsync(target.brokerUrl(), {
      username: sn,
      password: key,
      clientId: `${sn}-${Math.random()}`,
      reconnectPeriod: 0,
    });
  /** messages the server has committed or refused */
  const processed = () => app().ingest.stats.accepted + app().ingest.stats.rejected;
  const publish = async (c: mqtt.MqttClient, topic: string, body: unknown) => {
    const before = processed();
    await c.publishAsync(topic, typeof body === 'string' ? body : JSON.stringify(body), { qos: 1 });
    // embedded: no waiting, the PUBACK came after the commit (the at-least-once guarantee)
    if (target.ackAfterCommit) expect(processed()).toBe(before + 1);
    else await expect.poll(processed, { timeout: 10_000, interval: 10 }).toBe(before + 1);
  };
  const telemetry = (c: mqtt.MqttClient, sn: string, iso: string, points: Record<string, number>) =>
    publish(c, topics.telemetry(sn), { ts: Date.parse(iso), points });
  /** the next message the device receives on a topic it subscribed to */
  const next = <T = { cmdId: string }>(c: mqtt.MqttClient) =>
    new Promise<T>((resolve) => c.once('message', (_t, buf) => resolve(JSON.parse(buf.toString()))));
  /** firmware uploaded through the console */
  const uploadFirmware = async (
    token: string,
    fields: { version: string; deviceType: string; description?: string },
    file: { name: string; bytes: Buffer },
  ) => {
    const { payload, contentType } = await multipart(fields, file);
    const res = await app().inject({
      method: 'POST',
      url: '/photo_voltaic/firmware',
      payload,
      headers: { 'content-type': contentType, 'x-token': token },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as { id: number; sha256: string };
  };
  const updateLog = async (token: string, id: number) =>
    (
      await app().inject({
        method: 'GET',
        url: `/photo_voltaic/devices/${id}/update-log`,
        headers: { 'x-token': token },
      })
    ).json().data as { cmdId: string; progress: number; status: string; version: string }[];
  /** production per plant-local day, rounded to Wh */
  const days = async (sn: string) =>
    (
      await app()
        .db.selectFrom('device_daily')
        .select(['day', 'energy_kwh'])
        .where('device_id', '=', await deviceId(sn))
        .orderBy('day')
        .execute()
    ).map((d) => [d.day, Math.round(d.energy_kwh * 1000) / 1000]);

  describe('telemetry and device state', () => {
    it('stores a QoS 1 sample with its points, a repeat once, and the device is online and running', async () => {
      const c = await connect(SN, KEY);
      const ts = Date.parse('2026-06-21T10:00:00Z');
      const body = { ts, points: { acPower: 3100, energyTotal: 1000, energyToday: 5, vendorPoint: 7 } };
      await publish(c, topics.telemetry(SN), body);
      const rows = await samplesOf(SN);
      expect(rows).toHaveLength(1);
      expect(JSON.parse(rows[0]!.points)).toMatchObject({ acPower: 3100, vendorPoint: 7 });
      await publish(c, topics.telemetry(SN), body);
      expect(await samplesOf(SN)).toHaveLength(1);
      const d = await deviceRow(SN);
      expect(d.online_state).toBe('online');
      expect(d.run_state).toBe('run');
      expect(d.last_online_at).toBe(ts);
      await c.endAsync();
    });

    it('drops malformed payloads without disconnecting the device', async () => {
      const c = await connect(SN, KEY);
      const rejected = app().ingest.stats.rejected;
      await publish(c, topics.telemetry(SN), 'not json');
      await publish(c, topics.telemetry(SN), { ts: 'yesterday', points: {} });
      expect(app().ingest.stats.rejected).toBe(rejected + 2);
      expect(c.connected).toBe(true);
      await telemetry(c, SN, '2026-06-21T10:05:00Z', { acPower: 3000, energyTotal: 1000.25 });
      expect(await samplesOf(SN)).toHaveLength(2);
      await c.endAsync();
    });

    it('sends commands on the down topic', async () => {
      const c = await connect(SN, KEY);
      await c.subscribeAsync(topics.command(SN), { qos: 1 });
      const got = new Promise<string>((resolve) => c.once('message', (_t, buf) => resolve(buf.toString())));
      await app().deviceLink!.publishCommand(SN, { cmdId: 'c-1', kind: 'reboot', params: {} });
      expect(JSON.parse(await got)).toEqual({ cmdId: 'c-1', kind: 'reboot', params: {} });
      await c.endAsync();
    });

    it('keeps the versions a device reports in an info event', async () => {
      const c = await connect(SN, KEY);
      await publish(c, topics.event(SN), {
        type: 'info',
        ts: Date.now(),
        hwVersion: 'H2.1',
        swVersion: 'V3.4.5',
        protocolVersion: '1.2',
      });
      expect(
        await app()
          .db.selectFrom('devices')
          .select(['hw_version', 'sw_version', 'protocol_version'])
          .where('sn', '=', SN)
          .executeTakeFirstOrThrow(),
      ).toEqual({ hw_version: 'H2.1', sw_version: 'V3.4.5', protocol_version: '1.2' });
      // a partial report changes only what it names
      await publish(c, topics.event(SN), { type: 'info', ts: Date.now(), swVersion: 'V3.5.0' });
      expect(
        await app()
          .db.selectFrom('devices')
          .select(['hw_version', 'sw_version'])
          .where('sn', '=', SN)
          .executeTakeFirstOrThrow(),
      ).toEqual({ hw_version: 'H2.1', sw_version: 'V3.5.0' });
      await c.endAsync();
    });

    it('opens a fault from an event and marks the device failed', async () => {
      const c = await connect(SN, KEY);
      await publish(c, topics.event(SN), { type: 'fault', ts: Date.now(), code: 'F07', message: 'Grid overvoltage' });
      await publish(c, topics.event(SN), { type: 'fault', ts: Date.now(), code: 'F07' });
      const faults = await app()
        .db.selectFrom('faults')
        .selectAll()
        .where('device_id', '=', await deviceId(SN))
        .execute();
      expect(faults).toHaveLength(1);
      expect(faults[0]).toMatchObject({ code: 'F07', state: 'unrepaired', message: 'Grid overvoltage' });
      expect((await deviceRow(SN)).run_state).toBe('failure');
      // a faulted device that goes on reporting stays failed until the fault is repaired or clears
      await publish(c, topics.telemetry(SN), { ts: Date.now(), points: { acPower: 900 } });
      expect((await deviceRow(SN)).run_state).toBe('failure');
      await c.endAsync();

      // the fault list and the repair action
      const admin = await login(app(), 'admin');
      const list = (
        await app().inject({
          method: 'GET',
          url: '/photo_voltaic/faults?state=unrepaired&days=30',
          headers: { 'x-token': admin },
        })
      ).json().data;
      const row = list.rows.find((r: { sn: string }) => r.sn === SN);
      expect(row).toMatchObject({ code: 'F07', state: 'unrepaired', plantName: 'Berlin test' });
      // the service provider whose organisation holds the plant lists it too
      const agentList = await app().inject({
        method: 'GET',
        url: '/photo_voltaic/faults?state=unrepaired',
        headers: { 'x-token': await login(app(), 'agent') },
      });
      expect(agentList.statusCode).toBe(200);
      expect(agentList.json().data.rows.map((r: { sn: string }) => r.sn)).toContain(SN);
      expect(
        (
          await app().inject({
            method: 'PUT',
            url: `/photo_voltaic/faults/${row.id}/repair`,
            headers: { 'x-token': await login(app(), 'viewer') },
          })
        ).statusCode,
      ).toBe(403);
      const repaired = await app().inject({
        method: 'PUT',
        url: `/photo_voltaic/faults/${row.id}/repair`,
        headers: { 'x-token': admin },
      });
      expect(repaired.json().msg).toBe('Repair Success');
      expect(
        (
          await app().inject({
            method: 'PUT',
            url: `/photo_voltaic/faults/${row.id}/repair`,
            headers: { 'x-token': admin },
          })
        ).statusCode,
      ).toBe(409); // an illegal step (fixed → fixed) is a conflict
      expect((await deviceRow(SN)).run_state).toBe('normal');
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
      for (const [iso, total] of [...series].reverse())
        await telemetry(c, 'TESTINV02', iso, { acPower: 100, energyTotal: total });
      expect(await days('TESTINV02')).toEqual([
        ['2026-07-01', 2],
        ['2026-07-02', 3.5],
      ]);
      await c.endAsync();
    });

    it('adds each delta as it arrives, ignores a repeat and still handles a late sample', async () => {
      const c = await connect('TESTINV03', 'k3');
      const send = (iso: string, total: number) => telemetry(c, 'TESTINV03', iso, { acPower: 100, energyTotal: total });
      await send('2026-07-01T20:00:00Z', 500);
      await send('2026-07-01T23:00:00Z', 503); // 22:00Z is Berlin midnight: 2 kWh / 1 kWh
      await send('2026-07-01T23:00:00Z', 503); // repeat
      await send('2026-07-02T08:00:00Z', 0.5); // reset
      await send('2026-07-02T09:00:00Z', 2.5);
      expect(await days('TESTINV03')).toEqual([
        ['2026-07-01', 2],
        ['2026-07-02', 3.5],
      ]);
      // a late sample in between changes nothing in the totals (the counter is consistent)
      await send('2026-07-01T21:00:00Z', 501);
      expect(await days('TESTINV03')).toEqual([
        ['2026-07-01', 2],
        ['2026-07-02', 3.5],
      ]);
      // a reading a little back is a glitch: 2.5 → 2.4 → 3.5 adds 1 kWh, not 3.5 (a "reset") nor 1.1
      await send('2026-07-02T10:00:00Z', 2.4);
      await send('2026-07-02T11:00:00Z', 3.5);
      expect(await days('TESTINV03')).toEqual([
        ['2026-07-01', 2],
        ['2026-07-02', 4.5],
      ]);
      // and a late sample recomputes the day with the same rule
      await send('2026-07-02T08:30:00Z', 1.5);
      expect(await days('TESTINV03')).toEqual([
        ['2026-07-01', 2],
        ['2026-07-02', 4.5],
      ]);
      await c.endAsync();
    });

    it('counts a device that reports only energyToday from that daily counter', async () => {
      const c = await connect('DAILYINV05', 'k5');
      const send = (iso: string, today: number) =>
        telemetry(c, 'DAILYINV05', iso, { acPower: 100, energyToday: today });
      // Berlin (UTC+2 in July): 18:00 → 21:00 local 10 → 12 kWh; the counter restarts at midnight
      await send('2026-07-01T16:00:00Z', 10);
      await send('2026-07-01T19:00:00Z', 12);
      await send('2026-07-02T06:00:00Z', 0.5);
      await send('2026-07-02T08:00:00Z', 3);
      // the reset step (19:00Z → 06:00Z, 0.5 kWh over 11 h, Berlin midnight at 22:00Z) gives 3/11 of it to the 1st
      expect(await days('DAILYINV05')).toEqual([
        ['2026-07-01', Math.round((2 + (0.5 * 3) / 11) * 1000) / 1000],
        ['2026-07-02', Math.round((2.5 + (0.5 * 8) / 11) * 1000) / 1000],
      ]);
      await c.endAsync();
    });
  });

  describe('device state and HTTP ingestion', () => {
    it('takes the same telemetry over HTTP with the device key', async () => {
      const post = (key: string, payload: unknown) =>
        app().inject({
          method: 'POST',
          url: `/photo_voltaic/devices/${SN}/telemetry`,
          headers: { 'x-device-key': key },
          payload: payload as object,
        });
      const refused = app().ingest.stats.refusedHttp;
      expect((await post('nope', { ts: 1, points: {} })).statusCode).toBe(401);
      // counted and shown on /metrics with the broker's refusals, and logged
      expect(await metric('pv_ingest_refused_http_total')).toBe(refused + 1);
      expect(await metric('pv_mqtt_logins_refused_total')).toBeGreaterThanOrEqual(0);
      expect(target.t.logs.some((l) => l.includes('device HTTP request refused') && l.includes(SN))).toBe(true);
      const bad = await post(KEY, { ts: -5, points: {} });
      expect(bad.statusCode).toBe(400);
      const ok = await post(KEY, {
        ts: Date.parse('2026-06-21T11:00:00Z'),
        points: { acPower: 2500, energyTotal: 1002 },
      });
      expect(ok.statusCode).toBe(200);
      expect((await samplesOf(SN)).some((s) => s.ts === Date.parse('2026-06-21T11:00:00Z'))).toBe(true);
    });

    it('marks a silent device offline after its window', async () => {
      const id = await deviceId(SN);
      await app()
        .db.updateTable('devices')
        .set({ online_state: 'online', last_online_at: Date.now() - 10 * 60_000 })
        .where('id', '=', id)
        .execute();
      expect(await markOffline(app().db, Date.now(), 5 * 60_000)).toContain(id);
      expect((await deviceRow(SN)).online_state).toBe('offline');
    });

    it('lists devices in the caller’s scope only', async () => {
      const admin = await login(app(), 'admin');
      const agent = await login(app(), 'delta');
      const all = (
        await app().inject({ method: 'GET', url: `/photo_voltaic/devices?sn=TESTINV`, headers: { 'x-token': admin } })
      ).json().data;
      expect(all.total).toBe(3);
      const delta = (
        await app().inject({ method: 'GET', url: `/photo_voltaic/devices?sn=TESTINV`, headers: { 'x-token': agent } })
      ).json().data;
      expect(delta.total).toBe(0);
      expect(
        (
          await app().inject({
            method: 'GET',
            url: `/photo_voltaic/devices/${await deviceId(SN)}`,
            headers: { 'x-token': agent },
          })
        ).statusCode,
      ).toBe(404);
    });
  });

  describe('commands', () => {
    const push = (token: string, id: number, body: unknown) =>
      app().inject({
        method: 'POST',
        url: `/photo_voltaic/devices/${id}/commands`,
        headers: { 'x-token': token },
        payload: body as object,
      });
    const history = async (token: string) =>
      (
        await app().inject({
          method: 'GET',
          url: `/photo_voltaic/devices/${await deviceId(SN)}/commands`,
          headers: { 'x-token': token },
        })
      ).json().data.rows as { cmdId: string; status: string; ackContent: string | null }[];
    /** the device signed in and listening on its command topic */
    const listening = async () => {
      const c = await connect(SN, KEY);
      await c.subscribeAsync(topics.command(SN), { qos: 1 });
      return c;
    };

    it('checks the control modes, time periods and power of spec §5/§9', async () => {
      const admin = await login(app(), 'admin');
      const id = await deviceId(SN);
      // the demo's own firmware history holds commands: refusals add none to them
      const before = (await app().db.selectFrom('commands').select('id').execute()).length;
      const bad = await push(admin, id, { kind: 'control', params: { target: 'mppt', mode: 'discharge' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().msg).toContain('This control mode does not exist');
      const overlap = await push(admin, id, {
        kind: 'control',
        params: {
          target: 'battery',
          mode: 'canControl',
          periods: [
            { start: '08:00', end: '12:00' },
            { start: '11:00', end: '13:00' },
          ],
        },
      });
      expect(overlap.json().msg).toContain('Time period setting must be correct');
      const noPower = await push(admin, id, { kind: 'control', params: { target: 'pcs', mode: 'charge' } });
      expect(noPower.json().msg).toContain('Power setting must be correct');
      expect(await app().db.selectFrom('commands').select('id').execute()).toHaveLength(before);
    });

    it('stores a command before sending it, and the device ack settles it; no ack means unknown', async () => {
      const agent = await login(app(), 'agent');
      const id = await deviceId(SN);
      const device = await listening();
      const received = next<{ cmdId: string; kind: string; params: Record<string, unknown> }>(device);
      const res = await push(agent, id, {
        kind: 'control',
        params: { target: 'pcs', mode: 'discharge', power: 3000, periods: [{ start: '18:00', end: '22:00' }] },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().msg).toBe('Push Success');
      expect(res.json().data).toMatchObject({ status: 'processing', kind: 'control', sentBy: 'agent' });
      const cmd = await received;
      expect(cmd).toMatchObject({
        cmdId: res.json().data.cmdId,
        kind: 'control',
        params: { mode: 'discharge', power: 3000 },
      });
      await publish(device, topics.ack(SN), { ts: Date.now(), cmdId: cmd.cmdId, ok: true, content: 'mode=discharge' });
      expect((await history(agent))[0]).toMatchObject({
        cmdId: cmd.cmdId,
        status: 'success',
        ackContent: 'mode=discharge',
      });

      const silent = await push(agent, id, { kind: 'reboot', params: {} });
      expect(await expireCommands(app().db, Date.now() + 120_000, 60_000)).toEqual([id]);
      expect((await history(agent)).find((r) => r.cmdId === silent.json().data.cmdId)!.status).toBe('unknown');
      await device.endAsync();
    });

    it('settles a refused command as failed with the ack content, and keeps a command across a restart', async () => {
      const admin = await login(app(), 'admin');
      const id = await deviceId(SN);
      let device = await listening();
      let received = next(device);
      const refused = await push(admin, id, { kind: 'reboot', params: {} });
      await publish(device, topics.ack(SN), {
        ts: Date.now(),
        cmdId: (await received).cmdId,
        ok: false,
        content: 'busy: OTA in progress',
      });
      expect((await history(admin)).find((r) => r.cmdId === refused.json().data.cmdId)).toMatchObject({
        status: 'failed',
        ackContent: 'busy: OTA in progress',
      });

      // sent, then the server restarts before the ack: the command is still there, processing,
      // and the ack that arrives after the restart settles it
      received = next(device);
      const pending = await push(admin, id, { kind: 'reboot', params: {} });
      const { cmdId } = await received;
      await device.endAsync();
      await target.t.reopen();
      const again = await login(app(), 'admin');
      expect((await history(again)).find((r) => r.cmdId === pending.json().data.cmdId)).toMatchObject({
        status: 'processing',
      });
      device = await connect(SN, KEY);
      await publish(device, topics.ack(SN), { ts: Date.now(), cmdId, ok: true, content: 'rebooted' });
      expect((await history(again)).find((r) => r.cmdId === cmdId)).toMatchObject({
        status: 'success',
        ackContent: 'rebooted',
      });
      await device.endAsync();
    });

    it('answers 403 without device:control and 404 outside the scope', async () => {
      const id = await deviceId(SN);
      expect((await push(await login(app(), 'viewer'), id, { kind: 'reboot', params: {} })).statusCode).toBe(403);
      expect((await push(await login(app(), 'delta'), id, { kind: 'reboot', params: {} })).statusCode).toBe(404);
    });
  });

  describe('OTA', () => {
    it('pushes an upgrade the device receives on its down topic; its progress becomes the update log and the ack its version', async () => {
      const admin = await login(app(), 'admin');
      const bytes = Buffer.from(Array.from({ length: 20_000 }, (_, i) => i % 251));
      const fw = await uploadFirmware(
        admin,
        { version: 'V4.0.0', deviceType: 'inverter', description: 'MPPT tracking fix' },
        { name: 'sunwave-v4.bin', bytes },
      );
      expect(fw.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      const c = await connect(SN, KEY);
      await c.subscribeAsync(topics.command(SN), { qos: 1 });
      const got = new Promise<{
        cmdId: string;
        kind: string;
        params: { url: string; version: string; sha256: string };
      }>((resolve) => c.once('message', (_t, b) => resolve(JSON.parse(b.toString()))));
      const res = await app().inject({
        method: 'POST',
        url: '/photo_voltaic/ota',
        headers: { 'x-token': admin },
        payload: {
          deviceType: 'inverter',
          order: '1',
          firmwareId: fw.id,
          version: 'V4.0.0',
          sn: SN,
          subSn: SN,
          oldSubSn: SN,
        },
      });
      expect(res.json().msg).toBe('Push Success');
      const cmd = await got;
      expect(cmd).toMatchObject({
        cmdId: res.json().data.cmdId,
        kind: 'ota',
        params: { version: 'V4.0.0', sha256: fw.sha256, url: `/photo_voltaic/firmware/${fw.id}/file` },
      });
      // the device fetches the file with its own SN and key
      const file = await app().inject({
        method: 'GET',
        url: cmd.params.url,
        headers: { 'x-device-sn': SN, 'x-device-key': KEY },
      });
      expect(Buffer.compare(file.rawPayload, bytes)).toBe(0);
      const id = await deviceId(SN);
      const log = () => updateLog(admin, id);
      await publish(c, topics.event(SN), {
        type: 'ota',
        ts: Date.now(),
        cmdId: cmd.cmdId,
        progress: 50,
        version: 'V4.0.0',
      });
      expect(await log()).toEqual([
        expect.objectContaining({ cmdId: cmd.cmdId, progress: 50, status: 'processing', version: 'V4.0.0' }),
      ]);
      await publish(c, topics.event(SN), {
        type: 'ota',
        ts: Date.now(),
        cmdId: cmd.cmdId,
        progress: 100,
        version: 'V4.0.0',
      });
      await publish(c, topics.ack(SN), { ts: Date.now(), cmdId: cmd.cmdId, ok: true, content: 'upgraded' });
      const done = await log();
      expect(done.map((l) => l.progress).sort((a, b) => a - b)).toEqual([50, 100]);
      expect(done.every((l) => l.cmdId === cmd.cmdId && l.status === 'success')).toBe(true);
      expect((await deviceRow(SN)).sw_version).toBe('V4.0.0');
      await c.endAsync();
    });
  });

  describe('sub devices reporting through their collector', () => {
    // registered through the console under a collector, whose key is the only one they have
    // (ARCHITECTURE §5); what needs no device (creation rules, scope, binding): test/sub-device.test.ts
    const COL = 'SUBCOL01';
    const OTHER = 'SUBCOL02';
    const keys = new Map<string, string>();
    let admin: string;
    const register = async (body: object) => {
      const res = await app().inject({
        method: 'POST',
        url: '/photo_voltaic/devices',
        headers: { 'x-token': admin },
        payload: body,
      });
      expect(res.statusCode).toBe(200);
      return res.json().data as { deviceKey: string | null };
    };
    beforeAll(async () => {
      admin = await login(app(), 'admin');
      const { id: plantId } = await app()
        .db.selectFrom('plants')
        .select('id')
        .where('name', '=', 'Berlin test')
        .executeTakeFirstOrThrow();
      for (const sn of [COL, OTHER])
        keys.set(sn, (await register({ sn, name: sn, type: 'collector', plantId })).deviceKey!);
      for (const sn of ['SUBINV01', 'SUBINV02']) await register({ sn, name: sn, type: 'inverter', parentSn: COL });
    });
    const collector = (sn = COL) => connect(sn, keys.get(sn)!);
    const rollups = async (sn: string) =>
      (
        await app()
          .db.selectFrom('device_rollup_5m')
          .select(['bucket', 'n', 'points'])
          .where('device_id', '=', await deviceId(sn))
          .orderBy('bucket')
          .execute()
      ).map((r) => ({ bucket: r.bucket, n: r.n, points: JSON.parse(r.points) }));

    it('stores each registered sub device’s entry under it (points, state, run state, rollups); counts and logs one not registered under the collector', async () => {
      const c = await collector();
      const unknownBefore = app().ingest.stats.unknownSubs;
      const T = Date.parse('2026-06-22T10:00:00Z');
      await publish(c, topics.telemetry(COL), {
        ts: T,
        points: { signal: -60 },
        sub: [
          { sn: 'SUBINV01', points: { acPower: 400, energyTotal: 500 } },
          { sn: 'SUBINV02', points: { acPower: 0 }, runState: 'stop' },
          { sn: 'SUBGHOST9', points: { acPower: 1 } },
          // registered, but not this collector's: a collector writes only for its own sub devices
          { sn: 'TESTINV02', points: { acPower: 2 } },
        ],
      });
      expect(await deviceRow('SUBINV01')).toMatchObject({
        online_state: 'online',
        run_state: 'run',
        last_online_at: T,
      });
      expect(await deviceRow('SUBINV02')).toMatchObject({
        online_state: 'online',
        run_state: 'stop',
        last_online_at: T,
      });
      const second = {
        ts: T + 2 * 60_000,
        points: { signal: -70 },
        sub: [
          { sn: 'SUBINV01', points: { acPower: 500, energyTotal: 501 } },
          { sn: 'SUBINV02', points: { acPower: 300 } },
        ],
      };
      await publish(c, topics.telemetry(COL), second);
      // a repeat of the collector's message changes nothing for any of them
      await publish(c, topics.telemetry(COL), { ...second, sub: second.sub.slice(0, 1) });
      await c.endAsync();

      expect((await samplesOf('SUBINV01')).map((r) => ({ ts: r.ts, points: JSON.parse(r.points) }))).toEqual([
        { ts: T, points: { acPower: 400, energyTotal: 500 } },
        { ts: T + 2 * 60_000, points: { acPower: 500, energyTotal: 501 } },
      ]);
      expect((await samplesOf(COL)).map((r) => r.ts)).toEqual([T, T + 2 * 60_000]);
      expect((await samplesOf('TESTINV02')).filter((r) => r.ts === T)).toEqual([]);
      const sub1 = await deviceRow('SUBINV01');
      expect(JSON.parse(sub1.last_points!)).toEqual({ acPower: 500, energyTotal: 501 });
      expect((await deviceRow('SUBINV02')).run_state).toBe('run');
      expect(await rollups(COL)).toEqual([{ bucket: T, n: 2, points: { signal: -65 } }]);
      expect(await rollups('SUBINV01')).toEqual([{ bucket: T, n: 2, points: { acPower: 450, energyTotal: 500.5 } }]);
      expect(await rollups('SUBINV02')).toEqual([{ bucket: T, n: 2, points: { acPower: 150 } }]);
      // its energy counts in its collector's plant's days (Berlin)
      expect(await days('SUBINV01')).toEqual([['2026-06-22', 1]]);

      expect(app().ingest.stats.unknownSubs).toBe(unknownBefore + 2);
      expect(await metric('pv_ingest_unknown_subs_total')).toBe(unknownBefore + 2);
      const dropped = target.t.logs
        .flatMap((chunk) => chunk.split('\n').filter(Boolean))
        .map((l) => JSON.parse(l) as { level: number; msg: string; sn?: string; subSn?: string })
        .filter((l) => l.msg === 'dropped telemetry of an unknown sub device' && l.sn === COL);
      expect(dropped).toEqual([
        expect.objectContaining({ level: 40, subSn: 'SUBGHOST9' }),
        expect.objectContaining({ level: 40, subSn: 'TESTINV02' }),
      ]);
    });

    it('takes a sub device registered after the collector started reporting', async () => {
      const c = await collector();
      const ts = Date.parse('2026-06-22T11:00:00Z');
      const msg = (at: number) => ({ ts: at, points: {}, sub: [{ sn: 'SUBLATE1', points: { acPower: 10 } }] });
      await publish(c, topics.telemetry(COL), msg(ts));
      await register({ sn: 'SUBLATE1', name: 'Late', type: 'inverter', parentSn: COL });
      await publish(c, topics.telemetry(COL), msg(ts + 300_000));
      await c.endAsync();
      expect((await samplesOf('SUBLATE1')).map((s) => s.ts)).toEqual([ts + 300_000]);
    });

    it('sends a sub device’s command to its collector, whose ack settles it (not another collector’s)', async () => {
      const c = await collector();
      await c.subscribeAsync(topics.downAll(COL), { qos: 1 });
      const got = next<{ cmdId: string; params: { subSn?: string } }>(c);
      const pushed = await app().inject({
        method: 'POST',
        url: `/photo_voltaic/devices/${await deviceId('SUBINV01')}/commands`,
        headers: { 'x-token': admin },
        payload: { kind: 'reboot', params: {} },
      });
      expect(pushed.statusCode).toBe(200);
      const cmd = await got;
      expect(cmd).toMatchObject({ cmdId: pushed.json().data.cmdId, params: { subSn: 'SUBINV01' } });
      const status = async () =>
        app()
          .db.selectFrom('commands')
          .select(['status', 'ack_content'])
          .where('cmd_id', '=', cmd.cmdId)
          .executeTakeFirstOrThrow();
      // another collector answering with that id settles nothing
      const other = await collector(OTHER);
      await publish(other, topics.ack(OTHER), { ts: Date.now(), cmdId: cmd.cmdId, ok: false, content: 'not mine' });
      await other.endAsync();
      expect((await status()).status).toBe('processing');
      await publish(c, topics.ack(COL), { ts: Date.now(), cmdId: cmd.cmdId, ok: true, content: 'SUBINV01 rebooted' });
      await c.endAsync();
      expect(await status()).toEqual({ status: 'success', ack_content: 'SUBINV01 rebooted' });
    });

    it('shows a sub device’s upgrade in its own update log: the collector reports the progress for it, and its ack gives the sub device the version', async () => {
      const fw = await uploadFirmware(
        admin,
        { version: 'V4.1.0', deviceType: 'inverter' },
        { name: 'sub.bin', bytes: Buffer.from('sub device firmware') },
      );
      const c = await collector();
      await c.subscribeAsync(topics.downAll(COL), { qos: 1 });
      const got = next<{ cmdId: string; kind: string; params: { version: string } }>(c);
      const res = await app().inject({
        method: 'POST',
        url: '/photo_voltaic/ota',
        headers: { 'x-token': admin },
        payload: {
          deviceType: 'inverter',
          order: '1',
          firmwareId: fw.id,
          version: 'V4.1.0',
          sn: COL,
          subSn: 'SUBINV01',
          oldSubSn: 'SUBINV01',
        },
      });
      expect(res.statusCode).toBe(200);
      const cmd = await got;
      expect(cmd).toMatchObject({ cmdId: res.json().data.cmdId, kind: 'ota', params: { version: 'V4.1.0' } });
      for (const progress of [0, 25])
        await publish(c, topics.event(COL), {
          type: 'ota',
          ts: Date.now() + progress,
          cmdId: cmd.cmdId,
          progress,
          version: 'V4.1.0',
        });
      const [sub1, sub2, col] = await Promise.all(['SUBINV01', 'SUBINV02', COL].map(deviceId));
      const sub = await updateLog(admin, sub1!);
      expect(sub.map((l) => l.progress)).toEqual([25, 0]);
      expect(sub[0]).toMatchObject({ cmdId: cmd.cmdId, status: 'processing' });
      // the collector reported them; its sibling was not upgraded
      expect((await updateLog(admin, col!)).map((l) => l.progress)).toEqual([25, 0]);
      expect(await updateLog(admin, sub2!)).toEqual([]);
      await publish(c, topics.ack(COL), { ts: Date.now(), cmdId: cmd.cmdId, ok: true, content: 'upgraded' });
      await c.endAsync();
      expect((await updateLog(admin, sub1!)).every((l) => l.status === 'success')).toBe(true);
      expect((await deviceRow('SUBINV01')).sw_version).toBe('V4.1.0');
      expect((await deviceRow(COL)).sw_version).toBeNull();
      expect((await deviceRow('SUBINV02')).sw_version).toBeNull();
    });
  });

  describe('the simulated fleet', () => {
    it('reports over real MQTT into the database', async () => {
      const plants = createFleet({ seed: 42, plants: 2 });
      const keys = new Map<string, string>();
      for (const p of plants)
        for (const d of p.devices) {
          const key = `k-${d.sn}`;
          keys.set(d.sn, key);
          await app()
            .db.updateTable('devices')
            .set({ secret_hash: hashDeviceKey(key) })
            .where('sn', '=', d.sn)
            .execute();
        }
      const run = await startFleet({
        brokerUrl: target.brokerUrl(),
        plants,
        seed: 42,
        intervalMs: 100,
        speed: 60,
        credentials: (sn) => ({ username: sn, password: keys.get(sn)! }),
      });
      try {
        const sn = plants[0]!.devices[0]!.sn;
        await expect.poll(async () => (await samplesOf(sn)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
        expect(run.failed).toBe(0);
      } finally {
        await run.stop();
      }
    });
  });

  return {
    get t() {
      return target.t;
    },
    SN,
    KEY,
    connect,
    publish,
    deviceId,
    samplesOf,
  };
}
