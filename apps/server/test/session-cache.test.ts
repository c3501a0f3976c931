import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionCache } from '../src/modules/auth/session.service.js';
import { buildTestApp, login, type TestApp } from './helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/photo_voltaic${url}`, headers: { 'x-token': token }, ...(payload ? { payload } : {}) });
const idOf = async (table: 'roles' | 'orgs', code: string) =>
  (await t.app.db.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const resourceId = async (key: string) =>
  (await t.app.db.selectFrom('resources').select('id').where('seed_key', '=', key).executeTakeFirstOrThrow()).id;

describe('signed-in users kept between requests', () => {
  it('reads a session once, then serves it from memory until something changes', async () => {
    const token = await login(t.app, 'viewer');
    t.app.sessions.clear();
    expect((await call('GET', '/sysOrgUser/currentInfo', token)).statusCode).toBe(200);
    expect(t.app.sessions.size).toBe(1);
    // a write behind the server's back (no console request) is not seen while the entry lives...
    await t.app.db.updateTable('sessions').set({ revoked_at: Date.now() }).where('revoked_at', 'is', null).execute();
    expect((await call('GET', '/sysOrgUser/currentInfo', token)).statusCode).toBe(200);
    // ...and is as soon as the cache is told
    t.app.sessions.clear();
    expect((await call('GET', '/sysOrgUser/currentInfo', token)).statusCode).toBe(401);
    expect(t.app.sessions.size).toBe(0); // a refusal is never kept
  });

  it('applies a permission taken away through the console from the next request', async () => {
    const admin = await login(t.app, 'admin');
    const role = (
      await call('POST', '/roles', admin, {
        code: 'cache-plants',
        name: 'CachePlants',
        orgId: await idOf('orgs', 'ROOT'),
        dataScope: 'all',
        sensitive: false,
      })
    ).json().data;
    const list = await resourceId('menu:/power_station/power_station_list');
    expect((await call('PUT', `/roles/${role.id}/resources`, admin, { resourceIds: [list] })).statusCode).toBe(200);
    expect(
      (
        await call('POST', '/users', admin, {
          loginName: 'cache-user',
          nickname: 'Cache',
          orgId: await idOf('orgs', 'ROOT'),
          roleIds: [role.id],
          password: 'secret77',
        })
      ).statusCode,
    ).toBe(200);
    const token = await login(t.app, 'cache-user', 'secret77');
    expect((await call('GET', '/plants?pageSize=5', token)).statusCode).toBe(200);
    expect((await call('GET', '/plants?pageSize=5', token)).statusCode).toBe(200);
    expect((await call('PUT', `/roles/${role.id}/resources`, admin, { resourceIds: [] })).statusCode).toBe(200);
    expect((await call('GET', '/plants?pageSize=5', token)).statusCode).toBe(403);
  });

  it('ends a session at once on logout (a GET) even while it is kept', async () => {
    const token = await login(t.app, 'agent');
    expect((await call('GET', '/sysOrgUser/currentInfo', token)).statusCode).toBe(200);
    expect((await call('GET', '/sysLogout', token)).statusCode).toBe(200);
    expect((await call('GET', '/sysOrgUser/currentInfo', token)).statusCode).toBe(401);
  });

  it('never stores what a lookup read before a change, and keeps nothing when turned off', () => {
    const cache = new SessionCache(10_000);
    const generation = cache.begin();
    cache.clear(); // a change lands while the lookup waits on the database
    cache.set('h', generation, {
      state: 'enabled',
      revokedAt: null,
      expiresAt: Date.now() + 1000,
      lastSeenAt: Date.now(),
      user: {} as never,
    });
    expect(cache.get('h')).toBeUndefined();
    cache.set('h', cache.begin(), {
      state: 'enabled',
      revokedAt: null,
      expiresAt: Date.now() + 1000,
      lastSeenAt: Date.now(),
      user: {} as never,
    });
    expect(cache.get('h')).toBeDefined();
    const off = new SessionCache(0);
    off.set('h', off.begin(), {
      state: 'enabled',
      revokedAt: null,
      expiresAt: Date.now() + 1000,
      lastSeenAt: Date.now(),
      user: {} as never,
    });
    expect(off.get('h')).toBeUndefined();
  });
});

describe('signed-in users read on every request (CACHE_SECONDS=0)', () => {
  let u: TestApp;
  beforeAll(async () => {
    u = await buildTestApp({ CACHE_SECONDS: '0' });
  });
  afterAll(async () => u.close());

  it("applies a role's new permissions and data scope from the next request, however its grants were read before", async () => {
    const token = await login(u.app, 'agent');
    const other = await login(u.app, 'agent');
    const get = (url: string) => u.app.inject({ url: `/photo_voltaic${url}`, headers: { 'x-token': token } });
    expect((await get('/plants?pageSize=5')).statusCode).toBe(200);
    const me = (await u.app.sessions.userOf(token))!;
    expect(me.dataScope).not.toBe('all');
    // two sessions of the same roles share their parsed grants (session.repository.ts)
    expect((await u.app.sessions.userOf(other))!.perms).toBe(me.perms);
    // changed behind the server's back (no console request, nothing told): the next read sees it
    await u.app.db.updateTable('roles').set({ data_scope: 'all' }).where('id', 'in', me.roleIds).execute();
    expect((await u.app.sessions.userOf(token))!.dataScope).toBe('all');
    await u.app.db.updateTable('roles').set({ perms: '[]' }).where('id', 'in', me.roleIds).execute();
    expect((await get('/plants?pageSize=5')).statusCode).toBe(403);
    expect((await u.app.sessions.userOf(other))!.perms.size).toBe(0);
  });
});
