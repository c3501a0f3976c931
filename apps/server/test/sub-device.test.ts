import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from './helper.js';

// Sub devices registered by an operator: a collector's inverters (and batteries, meters) with
// their sub SN, reporting through the collector (ARCHITECTURE §5, issue 3). What goes over MQTT
// (their telemetry in the collector's, commands and OTA through the collector) is in the ingest
// suite (test/suites/ingest-suite.ts), on the embedded broker and on Mosquitto.
let t: TestApp;
let admin: string;
let agent: string;
/** a SUNPATH collector (the agent's scope) with its key, and a DELTA one (outside it) */
let collector: { id: number; sn: string; key: string };
let deltaCollector: number;
let sunpathPlant: number;
let greenroofPlant: number;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object, lang = 'en') =>
  t.app.inject({
    method,
    url: `/photo_voltaic${url}`,
    headers: { 'x-token': token, 'accept-language': lang },
    payload,
  });
const plantOf = async (orgCode: string) =>
  (
    await t.app.db
      .selectFrom('plants as p')
      .innerJoin('orgs as o', 'o.id', 'p.org_id')
      .select('p.id')
      .where('o.code', '=', orgCode)
      .orderBy('p.id')
      .executeTakeFirstOrThrow()
  ).id;
const row = async (sn: string) =>
  t.app.db.selectFrom('devices').selectAll().where('sn', '=', sn).executeTakeFirstOrThrow();
const connect = (sn: string, key: string) =>
  mqtt.connectAsync(`mqtt://127.0.0.1:${t.app.deviceLink!.port}`, {
    username: sn,
    password: key,
    clientId: `${sn}-${Math.random()}`,
    reconnectPeriod: 0,
  });

beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, 'admin');
  agent = await login(t.app, 'agent');
  sunpathPlant = await plantOf('SUNPATH');
  greenroofPlant = await plantOf('GREENROOF');
  const c = (
    await call('POST', '/devices', admin, {
      sn: 'SUB-COL-1',
      name: 'Roof logger',
      type: 'collector',
      plantId: sunpathPlant,
    })
  ).json().data;
  collector = { id: c.id, sn: c.sn, key: c.deviceKey };
  deltaCollector = (
    await call('POST', '/devices', admin, {
      sn: 'SUB-COL-DELTA',
      name: 'Delta logger',
      type: 'collector',
      plantId: await plantOf('DELTA'),
    })
  ).json().data.id;
  await call('POST', '/devices', admin, {
    sn: 'SUB-STANDALONE',
    name: 'Own inverter',
    type: 'inverter',
    plantId: sunpathPlant,
  });
});
afterAll(async () => t.close());

describe('creating a sub device under a collector', () => {
  it("inherits the collector's organisation and plant, communicates through it and has no key", async () => {
    const res = await call('POST', '/devices', agent, {
      sn: 'SUB-INV-1',
      name: 'String inverter 1',
      type: 'inverter',
      parentSn: 'SUB-COL-1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ sn: 'SUB-INV-1', deviceKey: null, parentSn: 'SUB-COL-1' });
    const sub = await row('SUB-INV-1');
    const parent = await row('SUB-COL-1');
    expect(sub).toMatchObject({
      parent_id: parent.id,
      org_id: parent.org_id,
      plant_id: sunpathPlant,
      comm_mode: 'collector',
      secret_hash: null,
    });
    // the list and the detail show it under its collector, as they do the demo's sub devices
    const listed = (await call('GET', `/devices?parentId=${collector.id}`, agent)).json().data.rows;
    expect(listed.map((r: { sn: string }) => r.sn)).toEqual(['SUB-INV-1']);
    expect(listed[0]).toMatchObject({ parentSn: 'SUB-COL-1', plantId: sunpathPlant });
    expect((await call('GET', `/devices/${collector.id}`, agent)).json().data.subCount).toBe(1);
    // without a key it can neither sign in to the broker nor post over HTTP on its own
    await expect(connect('SUB-INV-1', 'anything')).rejects.toThrow();
    const post = await t.app.inject({
      method: 'POST',
      url: '/photo_voltaic/devices/SUB-INV-1/telemetry',
      headers: { 'x-device-key': 'anything' },
      payload: { ts: Date.now(), points: {} },
    });
    expect(post.statusCode).toBe(401);
  });

  it('refuses a parent that is not a collector (400, translated), a collector under a collector, and another plant', async () => {
    const en = await call('POST', '/devices', agent, {
      sn: 'SUB-INV-2',
      name: 'x',
      type: 'inverter',
      parentSn: 'SUB-STANDALONE',
    });
    expect(en.statusCode).toBe(400);
    expect(en.json().msg).toBe('The parent device SUB-STANDALONE is not a collector');
    const zh = await call(
      'POST',
      '/devices',
      agent,
      { sn: 'SUB-INV-2', name: 'x', type: 'inverter', parentSn: 'SUB-STANDALONE' },
      'zh',
    );
    expect(zh.json().msg).toBe('父设备 SUB-STANDALONE 不是采集器');
    const nested = await call('POST', '/devices', agent, {
      sn: 'SUB-COL-2',
      name: 'x',
      type: 'collector',
      parentSn: 'SUB-COL-1',
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().msg).toBe('Only inverters, batteries and meters can report through a collector');
    const plant = await call('POST', '/devices', agent, {
      sn: 'SUB-INV-2',
      name: 'x',
      type: 'inverter',
      parentSn: 'SUB-COL-1',
      plantId: greenroofPlant,
    });
    expect(plant.statusCode).toBe(400);
    expect(plant.json().msg).toContain('bind or unbind the collector SUB-COL-1');
    const badSn = await call('POST', '/devices', agent, {
      sn: 'SUB-INV-2',
      name: 'x',
      type: 'inverter',
      parentSn: 'not a sn!',
    });
    expect(badSn.statusCode).toBe(400);
    expect(
      await t.app.db.selectFrom('devices').select('id').where('sn', 'in', ['SUB-INV-2', 'SUB-COL-2']).execute(),
    ).toHaveLength(0);
  });

  it("answers 404 for a collector outside the caller's data scope, or none", async () => {
    expect(
      (
        await call('POST', '/devices', agent, {
          sn: 'SUB-INV-3',
          name: 'x',
          type: 'inverter',
          parentSn: 'SUB-COL-DELTA',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/devices', agent, { sn: 'SUB-INV-3', name: 'x', type: 'inverter', parentSn: 'NO-SUCH-COL' }))
        .statusCode,
    ).toBe(404);
    // the platform operator sees every organisation
    const res = await call('POST', '/devices', admin, {
      sn: 'SUB-INV-DELTA',
      name: 'x',
      type: 'meter',
      parentSn: 'SUB-COL-DELTA',
    });
    expect(res.statusCode).toBe(200);
    expect((await row('SUB-INV-DELTA')).parent_id).toBe(deltaCollector);
  });

  it('refuses to rotate a key for a sub device (400, translated)', async () => {
    const { id } = await row('SUB-INV-1');
    const res = await call('POST', `/devices/${id}/key`, agent);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('A sub device has no key of its own: it reports through its collector SUB-COL-1');
    expect((await call('POST', `/devices/${id}/key`, agent, undefined, 'zh')).json().msg).toBe(
      '子设备没有自己的设备密钥：它经采集器 SUB-COL-1 上报',
    );
    expect((await row('SUB-INV-1')).secret_hash).toBeNull();
  });
});

describe("a collector's plant binding carries its sub devices", () => {
  it('bind, unbind and a plant changed by edit move the sub devices with the collector', async () => {
    const sub = await row('SUB-INV-1');
    expect((await call('PUT', `/devices/${collector.id}/bind`, agent, { plantId: greenroofPlant })).statusCode).toBe(
      200,
    );
    expect((await row('SUB-INV-1')).plant_id).toBe(greenroofPlant);
    expect((await call('PUT', `/devices/${collector.id}/unbind`, agent)).statusCode).toBe(200);
    expect((await row('SUB-INV-1')).plant_id).toBeNull();
    expect((await call('PUT', `/devices/${collector.id}`, agent, { plantId: sunpathPlant })).statusCode).toBe(200);
    expect((await row('SUB-INV-1')).plant_id).toBe(sunpathPlant);
    // a sub device is not bound on its own
    const own = await call('PUT', `/devices/${sub.id}/bind`, agent, { plantId: greenroofPlant });
    expect(own.statusCode).toBe(400);
    expect(own.json().msg).toBe(
      "A sub device is bound to its collector's plant: bind or unbind the collector SUB-COL-1",
    );
    expect((await call('PUT', `/devices/${sub.id}/unbind`, agent)).statusCode).toBe(400);
    expect((await row('SUB-INV-1')).plant_id).toBe(sunpathPlant);
  });
});

describe('editing the parent of a device', () => {
  it('refuses a parent that is not a collector or is out of scope, and keeps the sub device as it was', async () => {
    const { id } = await row('SUB-INV-1');
    const res = await call('PUT', `/devices/${id}`, agent, { parentSn: 'SUB-STANDALONE' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('The parent device SUB-STANDALONE is not a collector');
    expect((await call('PUT', `/devices/${id}`, agent, { parentSn: 'SUB-COL-DELTA' })).statusCode).toBe(404);
    expect((await call('PUT', `/devices/${collector.id}`, admin, { parentSn: 'SUB-COL-DELTA' })).statusCode).toBe(400);
    expect((await row('SUB-INV-1')).parent_id).toBe(collector.id);
    // editing the name of a sub device leaves its parentage alone
    expect((await call('PUT', `/devices/${id}`, agent, { name: 'String inverter A' })).statusCode).toBe(200);
    expect(await row('SUB-INV-1')).toMatchObject({
      name: 'String inverter A',
      parent_id: collector.id,
      comm_mode: 'collector',
    });
  });

  it('moves a device of its own under a collector (its key goes) and back (a key is then rotated for it)', async () => {
    const own = await call('POST', '/devices', agent, {
      sn: 'SUB-MOVE-1',
      name: 'Movable',
      type: 'battery',
      plantId: greenroofPlant,
    });
    const { id, deviceKey } = own.json().data;
    expect(deviceKey).toBeTruthy();
    expect((await call('PUT', `/devices/${id}`, agent, { parentSn: 'SUB-COL-1' })).statusCode).toBe(200);
    expect(await row('SUB-MOVE-1')).toMatchObject({
      parent_id: collector.id,
      plant_id: sunpathPlant,
      comm_mode: 'collector',
      secret_hash: null,
    });
    await expect(connect('SUB-MOVE-1', deviceKey)).rejects.toThrow();
    expect((await call('PUT', `/devices/${id}`, agent, { parentSn: null })).statusCode).toBe(200);
    expect(await row('SUB-MOVE-1')).toMatchObject({ parent_id: null, plant_id: sunpathPlant, comm_mode: 'mqtt' });
    const rotated = await call('POST', `/devices/${id}/key`, agent);
    expect(rotated.statusCode).toBe(200);
    const c = await connect('SUB-MOVE-1', rotated.json().data.deviceKey);
    await c.endAsync();
  });
});

describe('deleting a collector', () => {
  it('deletes its sub devices with it, with their data', async () => {
    await t.app.ingest.submit(collector.sn, 'telemetry', {
      ts: Date.parse('2026-06-21T10:00:00Z'),
      points: { signal: -61 },
      sub: [{ sn: 'SUB-INV-1', points: { acPower: 2400 } }],
    });
    const subs = await t.app.db.selectFrom('devices').select('id').where('parent_id', '=', collector.id).execute();
    expect(subs.length).toBeGreaterThan(0);
    expect(
      await t.app.db
        .selectFrom('samples')
        .select('ts')
        .where(
          'device_id',
          'in',
          subs.map((s) => s.id),
        )
        .execute(),
    ).toHaveLength(1);
    expect((await call('DELETE', `/devices/${collector.id}`, agent)).statusCode).toBe(200);
    expect(
      await t.app.db.selectFrom('devices').select('id').where('parent_id', '=', collector.id).execute(),
    ).toHaveLength(0);
    expect(
      await t.app.db
        .selectFrom('samples')
        .select('ts')
        .where(
          'device_id',
          'in',
          subs.map((s) => s.id),
        )
        .execute(),
    ).toHaveLength(0);
  });
});
