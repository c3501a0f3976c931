/**
 * Issue 23's concrete bugs and the rules no test guarded: framework refusals as translated 4xx in
 * the envelope (never a 500), LIKE filters that take `%` and `_` literally, 404/405 for unknown
 * routes and methods, the session token in the address only where the spec allows it, and the
 * permission, scope, acknowledgement and password rules. HTTP against a real database (SQLite
 * here, PostgreSQL under `npm run test:pg`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from './helper.js';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await buildTestApp();
  for (const u of ['admin', 'agent', 'viewer', 'sunpath-admin']) tokens[u] = await login(t.app, u);
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
const call = (
  method: Method,
  url: string,
  user: string,
  payload?: object | string,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url: `/photo_voltaic${url}`,
    headers: { 'x-token': tokens[user]!, ...headers },
    ...(payload !== undefined && { payload }),
  });

const rowCount = async (table: 'devices' | 'firmware' | 'users' | 'commands') =>
  Number(
    (
      await t.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A plant of the SunPath subtree (sunpath-admin's scope) and one outside it. */
async function plantsAroundSunpath() {
  const me = await t.app.db
    .selectFrom('users as u')
    .innerJoin('orgs as o', 'o.id', 'u.org_id')
    .select('o.path')
    .where('u.login_name', '=', 'sunpath-admin')
    .executeTakeFirstOrThrow();
  const plants = await t.app.db
    .selectFrom('plants as p')
    .innerJoin('orgs as o', 'o.id', 'p.org_id')
    .select(['p.id', 'o.path'])
    .orderBy('p.id')
    .execute();
  const inside = plants.find((p) => p.path.startsWith(me.path));
  const outside = plants.find((p) => !p.path.startsWith(me.path));
  if (!inside || !outside) throw new Error('the demo fleet has plants on both sides of SunPath');
  return { inside: inside.id, outside: outside.id };
}

describe('framework refusals are translated 4xx answers in the envelope', () => {
  it('POST /firmware and POST /profile/avatar with a body that is not multipart: 415, nothing stored', async () => {
    const firmwareBefore = await rowCount('firmware');
    for (const [url, user] of [
      ['/firmware', 'admin'],
      ['/profile/avatar', 'viewer'],
    ] as const) {
      const json = await call('POST', url, user, { version: '1.0.0' });
      expect(json.statusCode, url).toBe(415);
      expect(json.json()).toEqual({ code: 415, msg: 'Send the file as multipart/form-data', data: null });
      const text = await call('POST', url, user, 'hello', { 'content-type': 'text/plain', 'accept-language': 'zh' });
      expect(text.statusCode, url).toBe(415);
      expect(text.json().msg).toBe('请以 multipart/form-data 格式上传文件');
    }
    expect(await rowCount('firmware')).toBe(firmwareBefore);
  });

  it('POST /devices and PUT /devices/{id} with a product that does not exist: 400 naming it, nothing changed', async () => {
    const before = await rowCount('devices');
    const created = await call('POST', '/devices', 'admin', {
      sn: 'HARDEN-NOPRODUCT',
      name: 'No product',
      type: 'inverter',
      productId: 987654,
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ code: 400, msg: 'The chosen product does not exist', data: null });
    expect(await rowCount('devices')).toBe(before);

    const device = await t.app.db
      .selectFrom('devices')
      .select(['id', 'product_id'])
      .where('parent_id', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const edited = await call(
      'PUT',
      `/devices/${device.id}`,
      'admin',
      { productId: 987654 },
      { 'accept-language': 'es' },
    );
    expect(edited.statusCode).toBe(400);
    expect(edited.json().msg).toBe('El producto elegido no existe');
    const after = await t.app.db
      .selectFrom('devices')
      .select('product_id')
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    expect(after.product_id).toBe(device.product_id);
  });

  it('a path parameter longer than the router allows: 414 in the envelope, translated', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/photo_voltaic/avatars/${'a'.repeat(300)}.png`,
      headers: { 'accept-language': 'ja' },
    });
    expect(res.statusCode).toBe(414);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ code: 414, msg: 'アドレスが長すぎます', data: null });
  });
});

describe('list filters take % and _ literally (one LIKE helper)', () => {
  it('users by loginName and nickname', async () => {
    for (const q of ['loginName=%25', 'loginName=_', 'nickname=%25', 'nickname=_'])
      expect((await call('GET', `/users?${q}`, 'admin')).json().data.total, q).toBe(0);
    // the filter still finds what it should, whatever the case
    const admin = (await call('GET', '/users?loginName=ADMIN', 'admin')).json().data.rows;
    expect(admin.map((r: { loginName: string }) => r.loginName)).toContain('admin');
  });

  it('devices by sn and plant name, audit by user', async () => {
    for (const q of ['sn=%25', 'sn=_', 'plant=%25', 'plant=_'])
      expect((await call('GET', `/devices?${q}`, 'admin')).json().data.total, q).toBe(0);
    const some = (await call('GET', '/devices?pageSize=1', 'admin')).json().data.rows[0];
    const bySn = (
      await call('GET', `/devices?sn=${encodeURIComponent(some.sn.slice(1).toLowerCase())}`, 'admin')
    ).json();
    expect(bySn.data.rows.map((r: { sn: string }) => r.sn)).toContain(some.sn);
    for (const q of ['user=%25', 'user=_'])
      expect((await call('GET', `/audit?${q}`, 'admin')).json().data.total, q).toBe(0);
    expect((await call('GET', '/audit?user=adm', 'admin')).json().data.total).toBeGreaterThan(0);
  });
});

describe('unknown routes and methods', () => {
  it('a known path with another method answers 405 with Allow; DELETE /devices/export never reaches /devices/{id}', async () => {
    const before = await rowCount('devices');
    const res = await call('DELETE', '/devices/export', 'admin');
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET');
    expect(res.json()).toEqual({
      code: 405,
      msg: 'DELETE is not allowed on /photo_voltaic/devices/export',
      data: null,
    });
    const patch = await call('PATCH', '/users', 'viewer');
    expect(patch.statusCode).toBe(405);
    expect(String(patch.headers.allow).split(', ').sort()).toEqual(['GET', 'POST']);
    expect(await rowCount('devices')).toBe(before);
  });

  it('a path no route has answers 404, a record id that is not a number too', async () => {
    expect((await call('DELETE', '/no-such-thing', 'admin')).statusCode).toBe(404);
    const notId = await call('GET', '/users/abc', 'admin');
    expect(notId.statusCode).toBe(404);
    expect(notId.json().code).toBe(404);
  });
});

describe('the session token in the address', () => {
  it('is refused on ordinary routes (it would land in logs and Referer headers)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/photo_voltaic/users?token=${tokens.admin}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('Send the session token in the X-Token header, not in the address');
    const file = await t.app.inject({ method: 'GET', url: `/photo_voltaic/firmware/1/file?token=${tokens.admin}` });
    expect(file.statusCode).toBe(401);
  });

  it('is accepted on GET /sysOrgUser/currentInfo (spec §7); the header works everywhere', async () => {
    const info = await t.app.inject({
      method: 'GET',
      url: `/photo_voltaic/sysOrgUser/currentInfo?token=${encodeURIComponent(tokens.viewer!)}`,
    });
    expect(info.statusCode).toBe(200);
    expect(info.json().userName).toBe('viewer');
    expect((await call('GET', '/users', 'admin')).statusCode).toBe(200);
  });
});

describe('rules no test guarded', () => {
  it('DELETE /devices/{id}: 403 without the permission, 404 out of scope; the device stays', async () => {
    const { outside } = await plantsAroundSunpath();
    const device = await t.app.db
      .selectFrom('devices')
      .select('id')
      .where('plant_id', '=', outside)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const viewer = await call('DELETE', `/devices/${device.id}`, 'viewer');
    expect(viewer.statusCode).toBe(403);
    const scoped = await call('DELETE', `/devices/${device.id}`, 'sunpath-admin');
    expect(scoped.statusCode).toBe(404);
    const still = await t.app.db.selectFrom('devices').select('id').where('id', '=', device.id).executeTakeFirst();
    expect(still).toBeDefined();
  });

  it('chart, devices and faults of a plant out of scope answer 404; in scope 200', async () => {
    const { inside, outside } = await plantsAroundSunpath();
    for (const sub of ['chart', 'devices', 'faults']) {
      expect((await call('GET', `/plants/${outside}/${sub}`, 'sunpath-admin')).statusCode, `${sub} outside`).toBe(404);
      expect((await call('GET', `/plants/${inside}/${sub}`, 'sunpath-admin')).statusCode, `${sub} inside`).toBe(200);
    }
  });

  it('a second or contradicting acknowledgement does not overwrite a command final state', async () => {
    const plantId = (await t.app.db.selectFrom('plants').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const productId = (
      await t.app.db
        .selectFrom('products')
        .select('id')
        .where('type', '=', 'battery')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    const created = await call('POST', '/devices', 'admin', {
      sn: 'HARDEN-ACK01',
      name: 'Ack battery',
      type: 'battery',
      productId,
      plantId,
    });
    expect(created.statusCode).toBe(200);
    const { id, deviceKey } = created.json().data;
    const sent = await call('POST', `/devices/${id}/commands`, 'admin', {
      kind: 'control',
      params: { target: 'pcs', mode: 'charge', power: 1000 },
    });
    expect(sent.statusCode).toBe(200);
    const cmdId: string = sent.json().data.cmdId;
    const ack = (ok: boolean, content: string) =>
      t.app.inject({
        method: 'POST',
        url: '/photo_voltaic/devices/HARDEN-ACK01/ack',
        headers: { 'x-device-key': deviceKey },
        payload: { ts: Date.now(), cmdId, ok, content },
      });
    const stored = () =>
      t.app.db
        .selectFrom('commands')
        .select(['status', 'ack_content'])
        .where('cmd_id', '=', cmdId)
        .executeTakeFirstOrThrow();
    expect((await ack(true, 'first')).statusCode).toBe(200);
    expect(await stored()).toEqual({ status: 'success', ack_content: 'first' });
    expect((await ack(false, 'contradicting')).statusCode).toBe(200);
    expect((await ack(true, 'again')).statusCode).toBe(200);
    expect(await stored()).toEqual({ status: 'success', ack_content: 'first' });
  });

  it("the administrator's password reset keeps the password rule; the old password still works", async () => {
    const id = (
      await t.app.db.selectFrom('users').select('id').where('login_name', '=', 'installer1').executeTakeFirstOrThrow()
    ).id;
    const hash = async () =>
      (await t.app.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow())
        .password_hash;
    const was = await hash();
    const res = await call('PUT', `/users/${id}/password`, 'admin', { password: 'abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/password/i);
    expect(await hash()).toBe(was);
    expect(await login(t.app, 'installer1')).toBeTruthy();
  });
});
