import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { registerAccess } from '../src/plugins/access.js';
import { memoryBus } from '../src/plugins/bus.js';
import { buildTestApp, login, type TestApp } from './helper.js';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await buildTestApp();
  for (const u of ['admin', 'agent', 'viewer', 'sunpath-admin']) tokens[u] = await login(t.app, u);
});
afterAll(async () => t.close());

const get = (url: string, user: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'x-token': tokens[user]!, ...headers } });
const idOf = async (login: string) =>
  (await t.app.db.selectFrom('users').select('id').where('login_name', '=', login).executeTakeFirstOrThrow()).id;

describe('permissions', () => {
  it('answers 403 for a missing permission code', async () => {
    const res = await get('/photo_voltaic/users', 'agent');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 403, msg: 'You do not have permission to do this', data: null });
    expect((await get('/photo_voltaic/users', 'agent', { 'accept-language': 'zh' })).json().msg).toMatch(
      /[\u4e00-\u9fa5]/,
    );
    expect((await get('/photo_voltaic/users/export', 'viewer')).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/photo_voltaic/users/${await idOf('agent')}/state`,
          headers: { 'x-token': tokens.viewer! },
          payload: { state: 'disabled' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('a route that declares no access stops the server from starting', async () => {
    const app = Fastify();
    app.decorate('config', loadConfig({}));
    app.decorate('bus', memoryBus());
    registerAccess(app);
    expect(() => app.get('/photo_voltaic/forgotten', async () => 'x')).toThrow(/declares no access/);
    expect(() => app.get('/photo_voltaic/declared', { config: { access: 'public' } }, async () => 'x')).not.toThrow();
    await app.close();
  });

  it('unknown API routes answer 404 in the envelope', async () => {
    const res = await get('/photo_voltaic/no-such-thing', 'admin');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(404);
  });
});

describe('data scope', () => {
  it('lists only the users of your organisation and below, paged and filtered in SQL', async () => {
    const res = await get('/photo_voltaic/users?pageSize=50', 'sunpath-admin');
    expect(res.statusCode).toBe(200);
    const logins = res
      .json()
      .data.rows.map((r: { loginName: string }) => r.loginName)
      .sort();
    expect(logins).toEqual(['agent', 'installer1', 'sunpath-admin', 'sunpath-ops']);
    const all = (await get('/photo_voltaic/users?pageSize=2&pageNum=2', 'admin')).json().data;
    expect(all.rows).toHaveLength(2);
    expect(all.total).toBeGreaterThanOrEqual(8);
    const filtered = (await get('/photo_voltaic/users?loginName=sunpath&state=enabled', 'admin')).json().data;
    expect(filtered.rows.map((r: { loginName: string }) => r.loginName).sort()).toEqual([
      'sunpath-admin',
      'sunpath-ops',
    ]);
    expect(filtered.total).toBe(2);
  });

  it('answers 404 for a record outside the scope and 200 inside it', async () => {
    expect((await get(`/photo_voltaic/users/${await idOf('admin')}`, 'sunpath-admin')).statusCode).toBe(404);
    expect((await get(`/photo_voltaic/users/${await idOf('delta')}`, 'sunpath-admin')).statusCode).toBe(404);
    const inside = await get(`/photo_voltaic/users/${await idOf('installer1')}`, 'sunpath-admin');
    expect(inside.statusCode).toBe(200);
    expect(inside.json().data.loginName).toBe('installer1');
  });

  it('masks phone and e-mail for a role without the sensitive-data grant', async () => {
    const viewerRows = (await get('/photo_voltaic/users?loginName=admin', 'viewer')).json().data.rows;
    const adminRow = viewerRows.find((r: { loginName: string }) => r.loginName === 'admin');
    expect(adminRow.mobile).toBe('138****8000');
    expect(adminRow.email).toBe('a***@pv-console.example');
    const full = (await get('/photo_voltaic/users?loginName=admin', 'admin'))
      .json()
      .data.rows.find((r: { loginName: string }) => r.loginName === 'admin');
    expect(full.mobile).toBe('13800138000');
  });

  it('rejects a bad page size with a 400 naming the field', async () => {
    const res = await get('/photo_voltaic/users?pageSize=0', 'admin');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('Page size');
  });
});

describe('users', () => {
  it('exports the scoped list as a real .xlsx with translated headers', async () => {
    const res = await get('/photo_voltaic/users/export', 'sunpath-admin', { 'accept-language': 'zh' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('users.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('登录名');
    const logins = [];
    for (let r = 2; r <= sheet.rowCount; r++) logins.push(sheet.getRow(r).getCell(2).value);
    expect(logins.sort()).toEqual(['agent', 'installer1', 'sunpath-admin', 'sunpath-ops']);
  });

  it('disables a user (ending their sessions) and enables them again; nobody disables themselves', async () => {
    const id = await idOf('installer1');
    const token = await login(t.app, 'installer1');
    const put = (user: string, target: number, state: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/photo_voltaic/users/${target}/state`,
        headers: { 'x-token': tokens[user]! },
        payload: { state },
      });
    expect((await put('admin', id, 'disabled')).json().msg).toBe('Disabled Successfully');
    expect(
      (await t.app.inject({ method: 'GET', url: '/photo_voltaic/profile', headers: { 'x-token': token } })).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/photo_voltaic/login',
          payload: { username: 'installer1', password: 'demo123456' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await put('admin', id, 'enabled')).json().msg).toBe('Enable Successful');
    expect((await put('admin', await idOf('admin'), 'disabled')).statusCode).toBe(400);
    expect((await put('admin', id, 'frozen')).statusCode).toBe(400);
  });
});

describe('user center and health', () => {
  it('reads and updates your own profile with the §5 rules', async () => {
    const me = await get('/photo_voltaic/profile', 'viewer');
    expect(me.json().data.loginName).toBe('viewer');
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/photo_voltaic/profile',
      headers: { 'x-token': tokens.viewer! },
      payload: { nickname: 'Audit Viewer', email: 'not-an-email' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('Please enter a correct e-mail address');
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/photo_voltaic/profile',
      headers: { 'x-token': tokens.viewer! },
      payload: { nickname: 'Auditor', email: 'audit@pv.example', mobile: '13900000000' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.nickname).toBe('Auditor');
    const org = await get('/photo_voltaic/profile/org', 'agent');
    expect(org.json().data).toMatchObject({ name: 'SunPath Services', groupCode: 'AGENT' });
  });

  it('lists organisations in scope', async () => {
    const names = (await get('/photo_voltaic/orgs', 'sunpath-admin')).json().data.map((o: { name: string }) => o.name);
    expect(names).toEqual(['SunPath Services', 'Green Roof Installers']);
  });

  it('reports health publicly', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/photo_voltaic/health' });
    expect(res.json()).toMatchObject({
      code: 200,
      msg: 'Success',
      data: { status: 'up' },
    });
    // nothing else: the counters are for this host, on /metrics
    expect(Object.keys(res.json().data)).toEqual(['status']);
  });

  it('answers 503 from health when the database is gone, without internals', async () => {
    const other = await buildTestApp();
    try {
      await other.app.db.destroy();
      const res = await other.app.inject({ method: 'GET', url: '/photo_voltaic/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: 503,
        msg: 'The database cannot be reached',
        data: { status: 'down' },
      });
      // no driver message or stack reaches the client
      expect(res.body).not.toMatch(/sqlite|closed|stack|at /i);
    } finally {
      await other.close();
    }
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/photo_voltaic/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/photo_voltaic/login', '/photo_voltaic/users']),
    );
  });
});
