import { commandResult, COMMAND_NOT_SENT, topics, type DeviceType } from '@pv/contract';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, multipart, type TestApp } from './helper.js';

/*
 * Device control that fits the device: what a product accepts (its capabilities, or its type's
 * defaults), the server's refusal of anything else before it stores or sends it, the device's
 * capabilities for the console, and the acknowledgement in words. Through HTTP on a real database.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp({ SIMULATOR: 'false' });
  admin = await login(t.app, 'admin');
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object, lang?: string) =>
  t.app.inject({
    method,
    url: `/photo_voltaic${url}`,
    headers: { 'x-token': token, ...(lang && { 'accept-language': lang }) },
    payload,
  });

/** A demo device of this type (the seed registers each against its type's demo product). */
const demoDevice = async (type: DeviceType) =>
  t.app.db
    .selectFrom('devices')
    .select(['id', 'sn', 'product_id'])
    .where('type', '=', type)
    .where('parent_id', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
const commandsOf = async (deviceId: number) =>
  (await t.app.db.selectFrom('commands').select('id').where('device_id', '=', deviceId).execute()).length;
const product = async (code: string) =>
  (await t.app.db.selectFrom('products').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

const charge = (power?: number) => ({
  kind: 'control',
  params: { target: 'pcs', mode: 'charge', ...(power !== undefined && { power }) },
});

describe('what a device accepts', () => {
  it('answers per device type: inverter and battery controls with their ranges, a collector restart and OTA, a meter nothing', async () => {
    const get = async (type: DeviceType, token = admin) => {
      const d = await demoDevice(type);
      const res = await call('GET', `/devices/${d.id}/capabilities`, token);
      expect(res.statusCode).toBe(200);
      return { device: d, data: res.json().data };
    };
    const inverter = await get('inverter');
    expect(inverter.data).toMatchObject({
      deviceId: inverter.device.id,
      sn: inverter.device.sn,
      type: 'inverter',
      productId: inverter.device.product_id,
      productName: 'SunWave hybrid inverter',
      // the demo products declare nothing: their type's defaults
      source: 'type',
      canControl: true,
      canOta: true,
    });
    expect(inverter.data.capabilities.controls).toEqual([
      { target: 'pcs', modes: ['charge', 'discharge', 'close'], power: { min: 0, max: 10_000, step: 100 } },
      { target: 'mppt', modes: ['charge', 'close'] },
    ]);
    expect(inverter.data.capabilities.settings).toEqual([{ name: 'powerLimit', unit: '%', min: 0, max: 100, step: 1 }]);

    const battery = (await get('battery')).data;
    expect(battery.capabilities.controls.map((c: { target: string }) => c.target)).toEqual(['pcs', 'battery']);
    expect(battery.capabilities.controls[0].power).toEqual({ min: 0, max: 5_000, step: 100 });
    expect(battery.capabilities.controls[1].modes).toEqual(['canControl', 'cannotControl']);

    expect((await get('collector')).data.capabilities).toEqual({ controls: [], settings: [], reboot: true, ota: true });
    const meter = (await get('meter')).data;
    expect(meter.capabilities).toEqual({ controls: [], settings: [], reboot: false, ota: false });
    expect(meter.canOta).toBe(false);

    // whoever may see the device reads it; without device:control the console shows no controls
    const viewer = await get('inverter', await login(t.app, 'viewer'));
    expect(viewer.data).toMatchObject({ canControl: false, canOta: false });
    // a device outside the caller's scope is not found
    const outside = await t.app.db
      .selectFrom('devices as d')
      .innerJoin('orgs as o', 'o.id', 'd.org_id')
      .select('d.id')
      .where('o.code', '!=', 'DELTA')
      .orderBy('d.id')
      .executeTakeFirstOrThrow();
    const delta = await login(t.app, 'delta');
    expect((await call('GET', `/devices/${outside.id}/capabilities`, delta)).statusCode).toBe(404);
    expect((await call('GET', '/devices/999999/capabilities', admin)).statusCode).toBe(404);
  });
});

describe('commands the device does not accept', () => {
  it('a meter refuses a charge command and a restart: 400 naming the device, nothing stored', async () => {
    const meter = await demoDevice('meter');
    const before = await commandsOf(meter.id);
    const res = await call('POST', `/devices/${meter.id}/commands`, admin, charge(3000));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(`${meter.sn} takes no control commands: nothing was sent`);
    const zh = await call('POST', `/devices/${meter.id}/commands`, admin, charge(3000), 'zh');
    expect(zh.json().msg).toBe(`${meter.sn} 不接受控制指令：未发送任何指令`);
    const reboot = await call('POST', `/devices/${meter.id}/commands`, admin, { kind: 'reboot', params: {} });
    expect(reboot.statusCode).toBe(400);
    expect(reboot.json().msg).toBe(`${meter.sn} cannot be restarted from the console: nothing was sent`);
    expect(await commandsOf(meter.id)).toBe(before);
  });

  it('a battery refuses a power outside its range or off its steps, naming the range; nothing stored', async () => {
    const battery = await demoDevice('battery');
    const before = await commandsOf(battery.id);
    const res = await call('POST', `/devices/${battery.id}/commands`, admin, charge(99_999));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(
      `Power for ${battery.sn} must be from 0 W to 5,000 W, in steps of 100 W: nothing was sent`,
    );
    expect((await call('POST', `/devices/${battery.id}/commands`, admin, charge(3050))).statusCode).toBe(400);
    // a battery has no MPPT; an inverter no battery control
    const mppt = await call('POST', `/devices/${battery.id}/commands`, admin, {
      kind: 'control',
      params: { target: 'mppt', mode: 'charge' },
    });
    expect(mppt.json().msg).toBe(`${battery.sn} has no MPPT control: nothing was sent`);
    // a setting the battery does not have
    const setting = await call('POST', `/devices/${battery.id}/commands`, admin, {
      kind: 'setting',
      params: { powerLimit: 50 },
    });
    expect(setting.json().msg).toBe(`${battery.sn} has no settings to change: nothing was sent`);
    expect(await commandsOf(battery.id)).toBe(before);

    const inverter = await demoDevice('inverter');
    const was = await commandsOf(inverter.id);
    const batteryControl = await call('POST', `/devices/${inverter.id}/commands`, admin, {
      kind: 'control',
      params: { target: 'battery', mode: 'canControl' },
    });
    expect(batteryControl.json().msg).toBe(`${inverter.sn} has no battery control: nothing was sent`);
    const limit = await call('POST', `/devices/${inverter.id}/commands`, admin, {
      kind: 'setting',
      params: { powerLimit: 120 },
    });
    expect(limit.statusCode).toBe(400);
    expect(limit.json().msg).toBe(
      `powerLimit of ${inverter.sn} must be a number from 0% to 100%, in steps of 1%: nothing was sent`,
    );
    const mpptPower = await call('POST', `/devices/${inverter.id}/commands`, admin, {
      kind: 'control',
      params: { target: 'mppt', mode: 'charge', power: 1000 },
    });
    expect(mpptPower.json().msg).toBe(`${inverter.sn} takes no power setting for this control: nothing was sent`);
    expect(await commandsOf(inverter.id)).toBe(was);
  });
});

describe('an accepted command', () => {
  it('is stored, then sent to the device; its acknowledgement reads as words', async () => {
    const plantId = (await t.app.db.selectFrom('plants').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const created = await call('POST', '/devices', admin, {
      sn: 'CTRLBAT01',
      name: 'Control battery',
      type: 'battery',
      productId: await product('PC10'),
      plantId,
    });
    expect(created.statusCode).toBe(200);
    const { id, deviceKey } = created.json().data;
    const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.app.deviceLink!.port}`, {
      username: 'CTRLBAT01',
      password: deviceKey,
      clientId: `CTRLBAT01-${Math.random()}`,
      reconnectPeriod: 0,
    });
    await device.subscribeAsync(topics.command('CTRLBAT01'), { qos: 1 });
    const received = new Promise<{ cmdId: string; kind: string; params: Record<string, unknown> }>((resolve) =>
      device.once('message', (_topic, body) => resolve(JSON.parse(body.toString()))),
    );

    const res = await call('POST', `/devices/${id}/commands`, admin, charge(3000));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      kind: 'control',
      status: 'processing',
      resultKey: 'commandResult.processing',
      resultValues: {},
      sentBy: 'admin',
    });
    const cmd = await received;
    expect(cmd).toMatchObject({
      cmdId: res.json().data.cmdId,
      kind: 'control',
      params: { target: 'pcs', mode: 'charge', power: 3000 },
    });
    const stored = await t.app.db
      .selectFrom('commands')
      .select(['status', 'params'])
      .where('cmd_id', '=', cmd.cmdId)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('processing');
    expect(JSON.parse(stored.params)).toMatchObject({ power: 3000 });

    // the device answers: the history row carries the status in words with the device's own text
    await device.publishAsync(
      topics.ack('CTRLBAT01'),
      JSON.stringify({ ts: Date.now(), cmdId: cmd.cmdId, ok: true, content: 'mode=charge' }),
      { qos: 1 },
    );
    await device.endAsync();
    const rows = (await call('GET', `/devices/${id}/commands`, admin)).json().data.rows;
    expect(rows[0]).toMatchObject({
      cmdId: cmd.cmdId,
      status: 'success',
      ackContent: 'mode=charge',
      resultKey: 'commandResult.successWith',
      resultValues: { content: 'mode=charge' },
    });
  });

  it('names each acknowledgement with a message key', () => {
    expect(commandResult('failed', COMMAND_NOT_SENT)).toEqual({ resultKey: 'commandResult.notSent', resultValues: {} });
    expect(commandResult('failed', 'busy')).toEqual({
      resultKey: 'commandResult.failedWith',
      resultValues: { content: 'busy' },
    });
    expect(commandResult('failed', null).resultKey).toBe('commandResult.failed');
    expect(commandResult('success', '  ').resultKey).toBe('commandResult.success');
    expect(commandResult('unknown', null).resultKey).toBe('commandResult.unknown');
  });
});

describe('product capabilities', () => {
  const battery = (capabilities: unknown, code = 'CAPBAT1') => ({
    name: 'Capability battery',
    type: 'battery',
    code,
    capabilities,
  });
  const declared = {
    controls: [{ target: 'pcs', modes: ['charge', 'close'], power: { min: 0, max: 2_000, step: 50 } }],
    settings: [],
    reboot: true,
    ota: false,
  };

  it('refuses a declaration that is malformed or does not fit the type, with a translated message; nothing stored', async () => {
    const count = async () => (await t.app.db.selectFrom('products').select('id').execute()).length;
    const before = await count();
    const reversed = await call(
      'POST',
      '/products',
      admin,
      battery({ ...declared, controls: [{ ...declared.controls[0], power: { min: 3000, max: 2000, step: 50 } }] }),
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().msg).toBe(
      'Maximum: The lowest value must not be above the highest (power from 0 W), and the step must be above zero',
    );
    const modes = await call(
      'POST',
      '/products',
      admin,
      battery({
        ...declared,
        controls: [{ target: 'pcs', modes: ['canControl'], power: declared.controls[0]!.power }],
      }),
      'zh',
    );
    expect(modes.statusCode).toBe(400);
    expect(modes.json().msg).toBe(
      '模式：请选择该控制具有的模式：PCS 充电、放电或停止；MPPT 充电或停止；电池可控或不可控',
    );
    const noPower = await call(
      'POST',
      '/products',
      admin,
      battery({ ...declared, controls: [{ target: 'pcs', modes: ['charge'] }] }),
    );
    expect(noPower.json().msg).toContain('PCS charge and discharge need a power range');
    const twice = await call(
      'POST',
      '/products',
      admin,
      battery({ ...declared, controls: [declared.controls[0], declared.controls[0]] }),
    );
    expect(twice.json().msg).toContain('Declare each control and each setting once');
    const meter = await call('POST', '/products', admin, { ...battery(declared), type: 'meter' });
    expect(meter.statusCode).toBe(400);
    expect(meter.json().msg).toBe(
      'These controls do not fit the product type: an inverter has PCS and MPPT, a battery PCS and battery control, a collector or a meter none',
    );
    expect(await count()).toBe(before);
  });

  it('stores a declaration its devices then follow; an edit keeps it unless given, null restores the defaults', async () => {
    const created = await call('POST', '/products', admin, battery(declared));
    expect(created.statusCode).toBe(200);
    const productId = created.json().data.id;
    const row = async () =>
      (await call('GET', '/products?type=battery&pageSize=100', admin))
        .json()
        .data.rows.find((p: { id: number }) => p.id === productId);
    expect(await row()).toMatchObject({ capabilities: declared, capabilitiesDeclared: true });
    // a product created without a declaration lists its type's defaults
    const demo = (await call('GET', '/products?type=meter', admin)).json().data.rows[0];
    expect(demo).toMatchObject({
      capabilities: { controls: [], settings: [], reboot: false, ota: false },
      capabilitiesDeclared: false,
    });

    const made = await call('POST', '/devices', admin, {
      sn: 'CAPBAT0001',
      name: 'Declared battery',
      type: 'battery',
      productId,
    });
    const id = made.json().data.id;
    const caps = (await call('GET', `/devices/${id}/capabilities`, admin)).json().data;
    expect(caps).toMatchObject({ source: 'product', productName: 'Capability battery', capabilities: declared });
    const over = await call('POST', `/devices/${id}/commands`, admin, charge(2500));
    expect(over.json().msg).toBe(
      'Power for CAPBAT0001 must be from 0 W to 2,000 W, in steps of 50 W: nothing was sent',
    );
    const discharge = await call('POST', `/devices/${id}/commands`, admin, {
      kind: 'control',
      params: { target: 'pcs', mode: 'discharge', power: 1000 },
    });
    expect(discharge.json().msg).toBe('CAPBAT0001 does not take this mode: nothing was sent');
    expect(await commandsOf(id)).toBe(0);
    // within the declared range it is stored (not sent: the device has not connected)
    expect((await call('POST', `/devices/${id}/commands`, admin, charge(1950))).statusCode).toBe(200);
    expect(await commandsOf(id)).toBe(1);

    // an edit without capabilities keeps them; turning the product into a meter with them is refused
    const edit = (body: object) =>
      call('PUT', `/products/${productId}`, admin, {
        name: 'Capability battery 2',
        type: 'battery',
        code: 'CAPBAT1',
        ...body,
      });
    expect((await edit({})).statusCode).toBe(200);
    expect(await row()).toMatchObject({ name: 'Capability battery 2', capabilitiesDeclared: true });
    const toMeter = await edit({ type: 'meter' });
    expect(toMeter.statusCode).toBe(400);
    expect(toMeter.json().msg).toContain('These controls do not fit the product type');
    expect(await row()).toMatchObject({ type: 'battery', name: 'Capability battery 2' });
    // null: the type's defaults again
    expect((await edit({ capabilities: null })).statusCode).toBe(200);
    expect(await row()).toMatchObject({
      capabilitiesDeclared: false,
      capabilities: { controls: [{ target: 'pcs', power: { max: 5_000 } }, { target: 'battery' }] },
    });
    expect((await call('GET', `/devices/${id}/capabilities`, admin)).json().data.source).toBe('type');
  });
});

describe('OTA pushes', () => {
  it('are refused for a device whose product takes no upgrades (a meter), storing nothing', async () => {
    const { payload, contentType } = await multipart(
      { version: 'M1.0.0', deviceType: 'meter' },
      { name: 'meter.bin', bytes: Buffer.from('meter firmware') },
    );
    const up = await t.app.inject({
      method: 'POST',
      url: '/photo_voltaic/firmware',
      payload,
      headers: { 'content-type': contentType, 'x-token': admin },
    });
    expect(up.statusCode).toBe(200);
    const meter = await demoDevice('meter');
    const before = await commandsOf(meter.id);
    const res = await call('POST', '/ota', admin, {
      deviceType: 'meter',
      order: '1',
      firmwareId: up.json().data.id,
      version: 'M1.0.0',
      sn: meter.sn,
      subSn: meter.sn,
      oldSubSn: meter.sn,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(`${meter.sn} takes no firmware upgrades: nothing was sent`);
    expect(await commandsOf(meter.id)).toBe(before);
  });
});
