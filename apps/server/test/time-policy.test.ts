import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, newDevice, type TestApp } from './helper.js';

/**
 * Issue 17's time policy, server side: a device's times belong to its plant's zone, which every
 * device row names (null unbound: the console falls back to the user's zone); the user's own zone
 * (for audit and system times) is a setting of the user center, the browser's when unset.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, 'admin');
});
afterAll(async () => t.close());

type Method = 'GET' | 'PUT';
const call = (method: Method, url: string, token: string, payload?: object, lang = 'en') =>
  t.app.inject({
    method,
    url: `/photo_voltaic${url}`,
    headers: { 'x-token': token, 'accept-language': lang },
    payload,
  });
const plantId = async (name: string) =>
  (await t.app.db.selectFrom('plants').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const deviceId = async (sn: string) =>
  (await t.app.db.selectFrom('devices').select('id').where('sn', '=', sn).executeTakeFirstOrThrow()).id;

describe("a device's rows name its plant's time zone", () => {
  beforeAll(async () => {
    // three plants in three zones, as the E2E has them
    const zones = { Shanghai1: 'Africa/Johannesburg', Tokyo1: 'America/Los_Angeles', Delhi1: 'Asia/Kolkata' };
    for (const [name, zone] of Object.entries(zones))
      await t.app.db.updateTable('plants').set({ time_zone: zone }).where('name', '=', name).execute();
    const root = await t.app.db.selectFrom('orgs').select('id').where('code', '=', 'ROOT').executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('devices')
      .values(newDevice({ sn: 'TZ-UNBOUND-1', org_id: root.id }))
      .execute();
  });

  it('in the device list: each row carries the zone of its plant, null when unbound', async () => {
    const res = await call('GET', '/devices?pageSize=100', admin);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.rows as { sn: string; plantId: number | null; timeZone: string | null }[];
    const zoneOf = (sn: string) => rows.find((r) => r.sn === sn)!.timeZone;
    expect(zoneOf('INVP000101')).toBe('Africa/Johannesburg');
    expect(zoneOf('INVP000401')).toBe('America/Los_Angeles');
    expect(zoneOf('INVP000601')).toBe('Asia/Kolkata');
    expect(zoneOf('INVP000201')).toBe('Asia/Shanghai');
    expect(zoneOf('TZ-UNBOUND-1')).toBeNull();
    // every row has the field, bound or not
    expect(rows.every((r) => r.timeZone !== undefined)).toBe(true);
    expect(rows.filter((r) => r.plantId === null).every((r) => r.timeZone === null)).toBe(true);
  });

  it('in the device detail, and it follows a change of the plant', async () => {
    const id = await deviceId('INVP000401');
    expect((await call('GET', `/devices/${id}`, admin)).json().data.timeZone).toBe('America/Los_Angeles');
    await t.app.db
      .updateTable('plants')
      .set({ time_zone: 'Europe/Madrid' })
      .where('id', '=', await plantId('Tokyo1'))
      .execute();
    expect((await call('GET', `/devices/${id}`, admin)).json().data.timeZone).toBe('Europe/Madrid');
    const unbound = await deviceId('TZ-UNBOUND-1');
    expect((await call('GET', `/devices/${unbound}`, admin)).json().data.timeZone).toBeNull();
  });

  it('for a service provider too, within its scope', async () => {
    const agent = await login(t.app, 'agent');
    const rows = (await call('GET', '/devices?pageSize=100', agent)).json().data.rows as {
      sn: string;
      timeZone: string | null;
    }[];
    expect(rows.find((r) => r.sn === 'INVP000101')!.timeZone).toBe('Africa/Johannesburg');
    expect(rows.find((r) => r.sn === 'INVP000401')).toBeUndefined();
  });
});

describe("the user's own time zone", () => {
  it("is null (the browser's) until set, in the profile and in currentInfo", async () => {
    const token = await login(t.app, 'viewer');
    expect((await call('GET', '/profile', token)).json().data.timeZone).toBeNull();
    expect((await call('GET', '/sysOrgUser/currentInfo', token)).json().data.timeZone).toBeNull();
  });

  it('is set through the profile update, read back in both, kept when left out, cleared with null', async () => {
    const token = await login(t.app, 'sunpath-ops');
    const set = await call('PUT', '/profile', token, { nickname: 'SunPath Operations', timeZone: 'Asia/Kolkata' });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.timeZone).toBe('Asia/Kolkata');
    expect((await call('GET', '/profile', token)).json().data.timeZone).toBe('Asia/Kolkata');
    expect((await call('GET', '/sysOrgUser/currentInfo', token)).json().data.timeZone).toBe('Asia/Kolkata');
    // an update without the field (an older console) keeps the zone
    const kept = await call('PUT', '/profile', token, { nickname: 'Ops' });
    expect(kept.json().data).toMatchObject({ nickname: 'Ops', timeZone: 'Asia/Kolkata' });
    // '' and null both go back to the browser's zone
    expect((await call('PUT', '/profile', token, { nickname: 'Ops', timeZone: '' })).json().data.timeZone).toBeNull();
    await call('PUT', '/profile', token, { nickname: 'Ops', timeZone: 'UTC' });
    expect((await call('PUT', '/profile', token, { nickname: 'Ops', timeZone: null })).json().data.timeZone).toBeNull();
    // it is the user's alone
    expect((await call('GET', '/profile', admin)).json().data.timeZone).toBeNull();
  });

  it('refuses a zone that is not an IANA zone with a translated message, and changes nothing', async () => {
    const token = await login(t.app, 'installer1');
    await call('PUT', '/profile', token, { nickname: 'Green Roof Installer', timeZone: 'Africa/Johannesburg' });
    for (const bad of ['Mars/Olympus_Mons', 'GMT+8; drop table users', 'Asia/', 'x'.repeat(80)]) {
      const res = await call('PUT', '/profile', token, { nickname: 'Changed', timeZone: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().msg, bad).toContain('Please choose a valid IANA time zone such as Europe/Berlin');
    }
    const zh = await call('PUT', '/profile', token, { nickname: 'Changed', timeZone: 'Nowhere/City' }, 'zh-CN');
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).toContain('请选择有效的 IANA 时区，例如 Asia/Shanghai');
    const after = (await call('GET', '/profile', token)).json().data;
    expect(after).toMatchObject({ nickname: 'Green Roof Installer', timeZone: 'Africa/Johannesburg' });
  });
});
