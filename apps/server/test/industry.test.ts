/**
 * Industries of the product catalogue (issue 36) through HTTP on a real database: spec §5's name
 * and code rules and the unique checks refuse with a translated message and write nothing; the
 * list pages, filters (wildcards literal) and sorts in SQL; the demo roles: the administrator
 * edits, the agent and the viewer read, the customer sees nothing.
 */
import { API_BASE } from '@pv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from './helper.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, 'admin');
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object, lang = 'en') =>
  t.app.inject({
    method,
    url: `${API_BASE}${url}`,
    headers: { 'x-token': token, 'accept-language': lang },
    ...(payload && { payload }),
  });
const count = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('industries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('industries', () => {
  it('the demo has the industries of a PV catalogue, sorted by their order', async () => {
    const res = await call('GET', '/industries?pageSize=50', admin);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.rows as { code: string; sort: number }[];
    expect(rows.map((r) => r.code)).toEqual([
      'PVINV',
      'HYBINV',
      'BATT',
      'LOGGER',
      'METER',
      'EVCHG',
      'MODULE',
      'ACCESSORY',
    ]);
    expect(rows.map((r) => r.sort)).toEqual([...rows.map((r) => r.sort)].sort((a, b) => a - b));
  });

  it("refuses a name or code outside spec §5's rules, translated, and writes nothing", async () => {
    const before = await count();
    const cases: [object, string, string][] = [
      [{ name: 'PV inverter', code: 'X1' }, 'en', 'Name must be 1-30 letters, digits or Chinese characters'],
      [{ name: 'a'.repeat(31), code: 'X1' }, 'zh', '名称须为1-30位字母、数字或汉字'],
      [{ name: 'Ok', code: 'has-hyphen' }, 'en', 'Code must be 1-60 letters or digits'],
      [{ name: 'Ok', code: 'C'.repeat(61) }, 'en', 'Code must be 1-60 letters or digits'],
      [{ name: 'Ok', code: 'OK1', icon: 'rocket' }, 'ja', '業種アイコンを選択してください'],
      [{ name: 'Ok', code: 'OK1', sort: 10000 }, 'es', 'El orden debe ser un número entero entre 0 y 9999'],
    ];
    for (const [body, lang, msg] of cases) {
      const res = await call('POST', '/industries', admin, body, lang);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toContain(msg);
    }
    // the longest name and code the rules allow, and a Chinese name, are taken
    const long = await call('POST', '/industries', admin, { name: 'N'.repeat(30), code: 'C'.repeat(60) });
    expect(long.statusCode).toBe(200);
    const zh = await call('POST', '/industries', admin, { name: '光伏支架', code: 'MOUNT' });
    expect(zh.json().data).toMatchObject({ name: '光伏支架', code: 'MOUNT', icon: 'other', sort: 0, enabled: true });
    expect(await count()).toBe(before + 2);
  });

  it('keeps names and codes unique whatever their case, also on an edit, naming the clash', async () => {
    const before = await count();
    const code = await call('POST', '/industries', admin, { name: 'Other1', code: 'pvinv' });
    expect(code.statusCode).toBe(409);
    expect(code.json().msg).toBe('An industry with the code pvinv already exists');
    const name = await call('POST', '/industries', admin, { name: 'BATTERY', code: 'NEWCODE' }, 'zh');
    expect(name.statusCode).toBe(409);
    expect(name.json().msg).toBe('名称为BATTERY的行业已存在');
    expect(await count()).toBe(before);

    const meter = (await call('GET', '/industries?code=METER', admin)).json().data.rows[0];
    const clash = await call('PUT', `/industries/${meter.id}`, admin, { name: 'Meter', code: 'BATT' });
    expect(clash.statusCode).toBe(409);
    // its own name and code are no clash
    const same = await call('PUT', `/industries/${meter.id}`, admin, { name: 'Meter', code: 'METER', sort: 55 });
    expect(same.json().data).toMatchObject({ code: 'METER', sort: 55 });
  });

  it('filters by name and code in SQL with wildcards taken literally, and by state', async () => {
    await call('POST', '/industries', admin, { name: 'Rack', code: 'R1A' });
    const literal = await call('GET', '/industries?code=R_A', admin);
    expect(literal.json().data.total).toBe(0);
    const part = await call('GET', '/industries?name=verter', admin);
    expect(
      part
        .json()
        .data.rows.map((r: { code: string }) => r.code)
        .sort(),
    ).toEqual(['HYBINV', 'PVINV']);
    const paged = await call('GET', '/industries?pageSize=2&pageNum=2', admin);
    expect(paged.json().data.rows).toHaveLength(2);
    expect(paged.json().data.total).toBe(await count());
    const unknown = await call('GET', '/industries?colour=red', admin);
    expect(unknown.statusCode).toBe(400);
  });

  it('a disabled industry leaves the options of other screens and comes back when enabled', async () => {
    const charger = (await call('GET', '/industries?code=EVCHG', admin)).json().data.rows[0];
    const off = await call('PUT', `/industries/${charger.id}/enabled`, admin, { enabled: false });
    expect(off.json()).toMatchObject({ code: 200, msg: 'Disabled Successfully', data: { enabled: false } });
    const options = async () =>
      ((await call('GET', '/industries/options', admin)).json().data as { code: string }[]).map((o) => o.code);
    expect(await options()).not.toContain('EVCHG');
    expect(
      (await call('GET', '/industries?enabled=false', admin)).json().data.rows.map((r: { code: string }) => r.code),
    ).toEqual(['EVCHG']);
    await call('PUT', `/industries/${charger.id}/enabled`, admin, { enabled: true });
    expect(await options()).toContain('EVCHG');
  });

  it('deletes an industry; one that does not exist answers 404', async () => {
    const made = (await call('POST', '/industries', admin, { name: 'Temp', code: 'TEMP' })).json().data;
    expect((await call('DELETE', `/industries/${made.id}`, admin)).statusCode).toBe(200);
    expect((await call('DELETE', `/industries/${made.id}`, admin)).statusCode).toBe(404);
    expect((await call('PUT', `/industries/${made.id}`, admin, { name: 'Temp', code: 'TEMP' })).statusCode).toBe(404);
  });

  it('the administrator edits; the agent and the viewer read; the customer sees nothing', async () => {
    const body = { name: 'Probe', code: 'PROBE' };
    for (const role of ['agent', 'viewer']) {
      const token = await login(t.app, role);
      expect((await call('GET', '/industries', token)).statusCode, role).toBe(200);
      expect((await call('POST', '/industries', token, body)).statusCode, role).toBe(403);
      const first = (await call('GET', '/industries', token)).json().data.rows[0];
      expect((await call('PUT', `/industries/${first.id}/enabled`, token, { enabled: false })).statusCode).toBe(403);
      expect((await call('DELETE', `/industries/${first.id}`, token)).statusCode).toBe(403);
    }
    const customer = await login(t.app, 'customer');
    expect((await call('GET', '/industries', customer)).statusCode).toBe(403);
    const info = (await call('GET', '/sysOrgUser/currentInfo', customer)).json().data;
    expect(JSON.stringify(info)).not.toContain('/catalogue');
  });
});
