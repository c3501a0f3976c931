import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from './helper.js';

let t: TestApp;
let admin: string;
let agent: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, 'admin');
  agent = await login(t.app, 'agent');
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/photo_voltaic${url}`, headers: { 'x-token': token }, payload });
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
const canConnect = (sn: string, key: string) =>
  mqtt
    .connectAsync(`mqtt://127.0.0.1:${t.app.deviceLink!.port}`, {
      username: sn,
      password: key,
      clientId: `${sn}-${Math.random()}`,
      reconnectPeriod: 0,
    })
    .then(
      async (c) => {
        await c.endAsync();
        return true;
      },
      () => false,
    );

describe('device registry', () => {
  it('registers a device, shows its key once, and the key signs the device in', async () => {
    const plantId = await plantOf('SUNPATH');
    const res = await call('POST', '/devices', agent, {
      sn: 'NEW-INV-001',
      name: 'Roof inverter',
      type: 'inverter',
      plantId,
      mac: '00:1A:2B:3C:4D:5E',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe('Create Successful');
    const { id, deviceKey } = res.json().data;
    expect(deviceKey.length).toBeGreaterThanOrEqual(20);
    expect(await canConnect('NEW-INV-001', deviceKey)).toBe(true);
    const row = (await call('GET', `/devices/${id}`, agent)).json().data;
    expect(row).toMatchObject({ sn: 'NEW-INV-001', plantId, onlineState: 'inactive' });
    expect(JSON.stringify(row)).not.toContain(deviceKey);

    const rotated = (await call('POST', `/devices/${id}/key`, agent)).json().data.deviceKey;
    expect(await canConnect('NEW-INV-001', deviceKey)).toBe(false);
    expect(await canConnect('NEW-INV-001', rotated)).toBe(true);
  });

  it('refuses a taken SN (409), a bad MAC (400) and a plant outside the scope (404)', async () => {
    expect((await call('POST', '/devices', admin, { sn: 'NEW-INV-001', name: 'x', type: 'inverter' })).statusCode).toBe(
      409,
    );
    const mac = await call('POST', '/devices', admin, { sn: 'NEW-INV-002', name: 'x', type: 'inverter', mac: 'nope' });
    expect(mac.statusCode).toBe(400);
    expect(mac.json().msg).toContain('MAC address');
    expect(
      (
        await call('POST', '/devices', agent, {
          sn: 'NEW-INV-003',
          name: 'x',
          type: 'inverter',
          plantId: await plantOf('DELTA'),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/devices', await login(t.app, 'viewer'), { sn: 'NEW-INV-004', name: 'x', type: 'inverter' }))
        .statusCode,
    ).toBe(403);
  });

  it('unbinds and binds with the spec messages, then deletes the device and its data', async () => {
    const id = (await call('GET', '/devices?sn=NEW-INV-001', agent)).json().data.rows[0].id;
    const unbind = await call('PUT', `/devices/${id}/unbind`, agent);
    expect(unbind.json().msg).toBe('Unbinding Successfully');
    expect((await call('GET', `/devices/${id}`, agent)).json().data.plantId).toBeNull();
    expect((await call('PUT', `/devices/${id}/unbind`, agent)).statusCode).toBe(400);
    const plantId = await plantOf('GREENROOF');
    expect((await call('PUT', `/devices/${id}/bind`, agent, { plantId })).statusCode).toBe(200);
    expect((await call('GET', `/devices/${id}`, agent)).json().data.plantId).toBe(plantId);
    const del = await call('DELETE', `/devices/${id}`, agent);
    expect(del.json().msg).toBe('Deleted Success');
    expect((await call('GET', `/devices/${id}`, agent)).statusCode).toBe(404);
  });

  it('deletes a collector with its sub devices', async () => {
    const collector = await t.app.db
      .selectFrom('devices')
      .select(['id', 'sn'])
      .where('type', '=', 'collector')
      .where('parent_id', 'is', null)
      .executeTakeFirstOrThrow();
    const subs = await t.app.db.selectFrom('devices').select('id').where('parent_id', '=', collector.id).execute();
    expect(subs.length).toBeGreaterThan(0);
    expect((await call('DELETE', `/devices/${collector.id}`, admin)).statusCode).toBe(200);
    expect(
      await t.app.db.selectFrom('devices').select('id').where('parent_id', '=', collector.id).execute(),
    ).toHaveLength(0);
  });
});

describe('products', () => {
  it('creates with a generated key, lists with device counts, refuses a taken code and deleting one in use', async () => {
    const created = await call('POST', '/products', admin, { name: 'SunWave 8K', type: 'inverter', code: 'SW8K' });
    expect(created.json().msg).toBe('Create Successful');
    expect(created.json().data.key).toMatch(/^[0-9a-f]{16}$/);
    expect((await call('POST', '/products', admin, { name: 'Dup', type: 'inverter', code: 'SW8K' })).statusCode).toBe(
      409,
    );
    const badCode = await call('POST', '/products', admin, { name: 'Bad', type: 'inverter', code: 'SW 8K!' });
    expect(badCode.json().msg).toContain('Code must be 1-60 letters or digits');
    const list = (await call('GET', '/products?type=inverter', admin)).json().data.rows;
    const demo = list.find((p: { code: string }) => p.code === 'SW5K');
    expect(demo.devices).toBeGreaterThan(0);
    expect((await call('DELETE', `/products/${demo.id}`, admin)).json().msg).toBe(
      'Devices of this product exist: delete or change them first',
    );
    expect(
      (
        await call('PUT', `/products/${created.json().data.id}`, admin, {
          name: 'SunWave 8K+',
          type: 'inverter',
          code: 'SW8KP',
        })
      ).json().msg,
    ).toBe('Update Successful');
    expect((await call('DELETE', `/products/${created.json().data.id}`, admin)).json().msg).toBe('Deleted Success');
    expect((await call('POST', '/products', agent, { name: 'x', type: 'meter', code: 'X1' })).statusCode).toBe(403);
  });
});
