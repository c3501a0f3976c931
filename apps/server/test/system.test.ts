import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneSamples } from '../src/modules/system/archive.js';
import { buildTestApp, login, type TestApp } from './helper.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, 'admin');
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) => t.app.inject({ method, url: `/photo_voltaic${url}`, headers: { 'x-token': token }, payload });
const good = { serviceAddress: 'mqtt://eu.pv.example:1883', username: 'eu-devices', userKey: 'secret-eu-key', httpPort: 8443, country: 'Germany', topic: 'pv/{sn}/up/telemetry' };

describe('MQTT/HTTP endpoint records', () => {
  it('creates, lists (key masked without the sensitive grant), edits and deletes, with validation', async () => {
    const created = await call('POST', '/mqtt-configs', admin, good);
    expect(created.json().msg).toBe('Create Successful');
    const id = created.json().data.id;
    const badPort = await call('POST', '/mqtt-configs', admin, { ...good, httpPort: 70000 });
    expect(badPort.statusCode).toBe(400);
    expect(badPort.json().msg).toContain('between 1 and 65535');
    const badAddress = await call('POST', '/mqtt-configs', admin, { ...good, serviceAddress: 'http://x y' });
    expect(badAddress.json().msg).toContain('host name');
    expect((await call('GET', '/mqtt-configs?country=Germ', admin)).json().data.rows[0]).toMatchObject({ id, userKey: 'secret-eu-key', country: 'Germany' });
    expect((await call('GET', '/mqtt-configs', await login(t.app, 'viewer'))).json().data.rows[0].userKey).toBe('se******');
    expect((await call('POST', '/mqtt-configs', await login(t.app, 'viewer'), good)).statusCode).toBe(403);
    expect((await call('PUT', `/mqtt-configs/${id}`, admin, { ...good, country: 'Austria' })).json().msg).toBe('Update Successful');
    expect((await call('DELETE', `/mqtt-configs/${id}`, admin)).json().msg).toBe('Deleted Success');
    expect((await call('DELETE', `/mqtt-configs/${id}`, admin)).statusCode).toBe(404);
  });
});

describe('editing an endpoint record without its key', () => {
  it('keeps the stored key when the edit leaves it out, replaces it when given', async () => {
    const id = (await call('POST', '/mqtt-configs', admin, good)).json().data.id;
    const { userKey: _k, ...withoutKey } = good;
    expect((await call('PUT', `/mqtt-configs/${id}`, admin, { ...withoutKey, topic: 'pv/{sn}/up/event' })).statusCode).toBe(200);
    const row = () => call('GET', '/mqtt-configs?pageSize=100', admin).then((r) => r.json().data.rows.find((x: { id: number }) => x.id === id));
    expect(await row()).toMatchObject({ userKey: 'secret-eu-key', topic: 'pv/{sn}/up/event' });
    expect((await call('PUT', `/mqtt-configs/${id}`, admin, { ...good, userKey: 'rotated-key' })).statusCode).toBe(200);
    expect((await row()).userKey).toBe('rotated-key');
    // an empty key is refused, not stored
    expect((await call('PUT', `/mqtt-configs/${id}`, admin, { ...good, userKey: '' })).statusCode).toBe(400);
    await call('DELETE', `/mqtt-configs/${id}`, admin);
  });
});

describe('archive', () => {
  it('keeps the configuration and prunes raw samples past the retention, keeping rollups', async () => {
    expect((await call('PUT', '/archive-config', admin, { filingRate: 'daily', storageMedium: 'database', retentionDays: 0 })).statusCode).toBe(400);
    expect((await call('PUT', '/archive-config', admin, { filingRate: 'daily', storageMedium: 'database', retentionDays: 30 })).json().msg).toBe('Setting Is Successful');
    const device = await t.app.db.selectFrom('devices').select('id').orderBy('id').executeTakeFirstOrThrow();
    const now = Date.now();
    await t.app.db
      .insertInto('samples')
      .values([
        { device_id: device.id, ts: now - 40 * 86_400_000, points: '{}', received_at: now },
        { device_id: device.id, ts: now - 10 * 86_400_000, points: '{}', received_at: now },
      ])
      .execute();
    await t.app.db.insertInto('device_daily').values({ device_id: device.id, day: '2020-01-01', energy_kwh: 5, updated_at: now }).execute();
    expect(await pruneSamples(t.app.db, now)).toBe(1);
    const left = await t.app.db.selectFrom('samples').select('ts').where('device_id', '=', device.id).execute();
    expect(left.map((s) => s.ts)).toEqual([now - 10 * 86_400_000]);
    expect(await t.app.db.selectFrom('device_daily').select('day').where('day', '=', '2020-01-01').executeTakeFirst()).toBeTruthy();
    const cfg = (await call('GET', '/archive-config', admin)).json().data;
    expect(cfg).toMatchObject({ retentionDays: 30, lastPruned: 1 });
    expect(cfg.lastFiledAt).toBe(now);
  });
});
