import { currentInfoResponse } from '@pv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, login, type TestApp } from './helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const info = (token: string, how: 'query' | 'header' = 'query') =>
  t.app.inject({
    method: 'GET',
    url:
      how === 'query'
        ? `/photo_voltaic/sysOrgUser/currentInfo?token=${encodeURIComponent(token)}`
        : '/photo_voltaic/sysOrgUser/currentInfo',
    headers: how === 'header' ? { 'x-token': token } : {},
  });

describe('POST /login', () => {
  it('trims the username, keeps the password as typed and answers a new token each time', async () => {
    const a = await login(t.app, '  admin  ');
    const b = await login(t.app, 'admin');
    expect(a).not.toBe(b);
    expect(Buffer.from(a, 'base64url').length).toBeGreaterThanOrEqual(16);
    const spaced = await t.app.inject({
      method: 'POST',
      url: '/photo_voltaic/login',
      payload: { username: 'viewer', password: ` ${DEMO}` },
    });
    expect(spaced.statusCode).toBe(401);
  });

  it('answers 401 in the envelope for a wrong password, in the asked language', async () => {
    const en = await t.app.inject({
      method: 'POST',
      url: '/photo_voltaic/login',
      payload: { username: 'agent', password: 'wrong-one' },
    });
    expect(en.statusCode).toBe(401);
    expect(en.json()).toEqual({ code: 401, msg: 'Wrong username or password', data: null });
    const zh = await t.app.inject({
      method: 'POST',
      url: '/photo_voltaic/login',
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
      payload: { username: 'agent', password: 'wrong-two' },
    });
    expect(zh.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    const ja = await t.app.inject({
      method: 'POST',
      url: '/photo_voltaic/login',
      headers: { 'accept-language': 'ja' },
      payload: { username: 'nobody', password: 'x' },
    });
    expect(ja.json().msg).toBe('ユーザー名またはパスワードが正しくありません');
  });

  it('refuses a disabled account with 403', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/photo_voltaic/login',
      payload: { username: 'retired', password: DEMO },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(403);
  });

  it('throttles an account from one address after 5 failures in 15 minutes with 429, even with the right password', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/photo_voltaic/login',
        payload: { username: 'delta', password: `bad-${i}` },
      });
      expect(r.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/photo_voltaic/login',
      payload: { username: 'delta', password: DEMO },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msg).toContain('15 minutes');
    // other accounts are not affected
    expect(await login(t.app, 'installer1')).toBeTruthy();
  });

  it('throttles an address after 50 failures in 15 minutes, whatever account it tries; X-Forwarded-For does not get round it', async () => {
    const from = (remoteAddress: string, username: string, password: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/photo_voltaic/login',
        remoteAddress,
        headers,
        payload: { username, password },
      });
    // 50 different accounts, so no single account reaches its own limit of 5
    for (let i = 0; i < 50; i++) expect((await from('10.9.9.9', `ghost-${i}`, 'nope')).statusCode).toBe(401);
    const blocked = await from('10.9.9.9', 'viewer', DEMO);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe(429);
    expect((await from('10.9.9.9', 'viewer', DEMO, { 'x-forwarded-for': '10.1.2.3' })).statusCode).toBe(429);
    expect((await from('10.9.9.10', 'viewer', DEMO)).statusCode).toBe(200);
  });

  it('the real user, from another address, still signs in while an attacker is throttled (ASVS 2.2.1)', async () => {
    const from = (remoteAddress: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/photo_voltaic/login',
        remoteAddress,
        payload: { username: 'sunpath-ops', password },
      });
    for (let i = 0; i < 5; i++) expect((await from('198.51.100.66', `guess-${i}`)).statusCode).toBe(401);
    // the attacker's address is refused for this account, even with the right password
    expect((await from('198.51.100.66', DEMO)).statusCode).toBe(429);
    expect((await from('198.51.100.66', 'guess-more')).statusCode).toBe(429);
    // the user, at their desk, is not
    const user = await from('203.0.113.20', DEMO);
    expect(user.statusCode).toBe(200);
    // and their sign-in does not lift the attacker's limit
    expect((await from('198.51.100.66', 'guess-again')).statusCode).toBe(429);
  });

  it('many addresses guessing one account: each attempt waits a growing delay, never a lock', async () => {
    const from = (remoteAddress: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/photo_voltaic/login',
        remoteAddress,
        headers: { 'accept-language': 'es' },
        payload: { username: 'installer1', password },
      });
    // 10 failures from 10 addresses (none reaches its own limit of 5)
    for (let i = 0; i < 10; i++) expect((await from(`192.0.2.${i + 1}`, `guess-${i}`)).statusCode).toBe(401);
    const delayed = await from('203.0.113.30', DEMO);
    expect(delayed.statusCode).toBe(429);
    expect(delayed.json().msg).toMatch(/inténtelo de nuevo en 1 segundos/);
    // once the delay has passed (the failures made older here rather than waited for), it signs in
    await t.app.db
      .updateTable('login_failures')
      .set({ at: Date.now() - 5_000 })
      .where('login_name', '=', 'installer1')
      .execute();
    expect((await from('203.0.113.30', DEMO)).statusCode).toBe(200);
  });

  it('X-Forwarded-For names the client only behind TRUST_PROXY', async () => {
    const proxied = await buildTestApp({ TRUST_PROXY: 'true' });
    try {
      const from = (client: string, password: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/photo_voltaic/login',
          headers: { 'x-forwarded-for': client },
          payload: { username: 'delta', password },
        });
      for (let i = 0; i < 5; i++) expect((await from('198.51.100.1', `bad-${i}`)).statusCode).toBe(401);
      expect((await from('198.51.100.1', DEMO)).statusCode).toBe(429);
      // another client behind the same proxy is another address
      expect((await from('198.51.100.2', DEMO)).statusCode).toBe(200);
      const rows = await proxied.app.db.selectFrom('login_failures').select('ip').distinct().execute();
      expect(rows.map((r) => r.ip)).toEqual(['198.51.100.1']);
    } finally {
      await proxied.close();
    }
  });

  it('names the missing field and rejects malformed JSON with 400', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/photo_voltaic/login', payload: { username: 'admin' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('Password is required');
    const zh = await t.app.inject({
      method: 'POST',
      url: '/photo_voltaic/login',
      headers: { 'accept-language': 'zh' },
      payload: { password: 'x' },
    });
    expect(zh.json().msg).toContain('用户名');
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/photo_voltaic/login',
      payload: { username: 42, password: 'x' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().msg).toContain('Username');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/photo_voltaic/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin",',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 400, msg: 'The request body is not valid JSON', data: null });
  });
});

describe('GET /sysOrgUser/currentInfo', () => {
  it('has the exact shape of the spec for admin, by query parameter and by X-Token', async () => {
    const token = await login(t.app, 'admin');
    for (const how of ['query', 'header'] as const) {
      const res = await info(token, how);
      expect(res.statusCode).toBe(200);
      const body = currentInfoResponse.parse(res.json());
      expect(Object.keys(res.json()).sort()).toEqual(['code', 'data', 'msg', 'orgGroup', 'orgName', 'userName']);
      expect(body.userName).toBe('admin');
      expect(body.orgGroup.orgGroupCode).toBe('ROOT');
      expect(body.orgName).toBe('PV Platform');
      expect(body.data.roles).toEqual(['admin', 'viewer']);
      const paths = body.data.list.map((l) => l.routerPath);
      expect(paths).toEqual(
        expect.arrayContaining([
          '/',
          '/dashboard',
          '/auth',
          '/auth/user',
          '/power_station',
          '/power_station/power_station_list',
        ]),
      );
      expect(body.data.perms.split(',')).toEqual(expect.arrayContaining(['user:export', 'plant:create']));
    }
  });

  it('gives the agent no dashboard and no administration, and its organisation group', async () => {
    const body = (await info(await login(t.app, 'agent'))).json();
    const paths: string[] = body.data.list.map((l: { routerPath: string }) => l.routerPath);
    expect(paths).toContain('/power_station/power_station_list');
    expect(paths).not.toContain('/dashboard');
    expect(paths.some((p) => p.startsWith('/auth'))).toBe(false);
    expect(body.orgGroup.orgGroupCode).toBe('AGENT');
    expect(body.orgName).toBe('SunPath Services');
    expect(body.data.perms).toContain('plant:create');
    expect(body.data.perms).not.toContain('user:');
  });

  it('gives the viewer every menu and no button permission', async () => {
    const body = (await info(await login(t.app, 'viewer'))).json();
    expect(body.data.perms).toBe('');
    expect(body.data.list.map((l: { routerPath: string }) => l.routerPath)).toContain('/auth/user');
  });

  it('answers 401 in the envelope without or with an unknown token', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/photo_voltaic/sysOrgUser/currentInfo' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ code: 401, msg: 'Please sign in', data: null });
    expect((await info('made-up-token')).statusCode).toBe(401);
  });

  it('never writes the token to a log line', async () => {
    const token = await login(t.app, 'admin');
    await info(token, 'query');
    await info(token, 'header');
    const all = t.logs.join('');
    expect(all).toContain('currentInfo?token=[redacted]');
    expect(all).not.toContain(token);
  });
});

describe('sessions', () => {
  it('logout revokes the session', async () => {
    const token = await login(t.app, 'admin');
    const out = await t.app.inject({ method: 'GET', url: '/photo_voltaic/sysLogout', headers: { 'x-token': token } });
    expect(out.statusCode).toBe(200);
    expect((await info(token)).statusCode).toBe(401);
  });

  it('a session idle past the window expires', async () => {
    const token = await login(t.app, 'viewer');
    expect((await info(token)).statusCode).toBe(200);
    await t.app.db
      .updateTable('sessions')
      .set({ last_seen_at: Date.now() - t.config.sessionIdleMs - 1000 })
      .where('revoked_at', 'is', null)
      .execute();
    t.app.sessions.clear(); // a write behind the server's back: its cache of signed-in users must hear of it
    const res = await info(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('Your session has expired, please sign in again');
  });

  it('records activity at most once a minute', async () => {
    const token = await login(t.app, 'installer1');
    const { id: sessionId } = await t.app.db
      .selectFrom('sessions')
      .select('id')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const seen = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('sessions')
            .select('last_seen_at')
            .where('id', '=', sessionId)
            .executeTakeFirstOrThrow()
        ).last_seen_at,
      );
    const recent = Date.now() - 30_000;
    await t.app.db.updateTable('sessions').set({ last_seen_at: recent }).where('id', '=', sessionId).execute();
    t.app.sessions.clear();
    expect((await info(token, 'header')).statusCode).toBe(200);
    expect(await seen()).toBe(recent);
    const older = Date.now() - 90_000;
    await t.app.db.updateTable('sessions').set({ last_seen_at: older }).where('id', '=', sessionId).execute();
    t.app.sessions.clear();
    expect((await info(token, 'header')).statusCode).toBe(200);
    expect(await seen()).toBeGreaterThan(Date.now() - 5_000);
  });

  it('a session past its absolute lifetime expires even when used', async () => {
    const token = await login(t.app, 'viewer');
    await t.app.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1 })
      .where('revoked_at', 'is', null)
      .execute();
    expect((await info(token)).statusCode).toBe(401);
  });
});

describe('POST /sysOrgUser/changePassword', () => {
  it('checks the rules, the old password, then ends every session of the user', async () => {
    const a = await login(t.app, 'sunpath-ops');
    const b = await login(t.app, 'sunpath-ops');
    const change = (payload: object, token = a) =>
      t.app.inject({
        method: 'POST',
        url: '/photo_voltaic/sysOrgUser/changePassword',
        headers: { 'x-token': token },
        payload,
      });
    const short = await change({ oldPassword: DEMO, newPassword: 'abc123', confirmPassword: 'abc123' });
    expect(short.statusCode).toBe(400);
    expect(short.json().msg).toContain('longer than 6 characters');
    const mismatch = await change({ oldPassword: DEMO, newPassword: 'abcdefg1', confirmPassword: 'abcdefg2' });
    expect(mismatch.json().msg).toContain('The two passwords are inconsistent');
    const wrongOld = await change({ oldPassword: 'not-it', newPassword: 'abcdefg1', confirmPassword: 'abcdefg1' });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().msg).toBe('The old password is not correct');
    const ok = await change({ oldPassword: DEMO, newPassword: 'new-secret-1', confirmPassword: 'new-secret-1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().msg).toBe('Password modified, please sign in again');
    expect((await info(a)).statusCode).toBe(401);
    expect((await info(b)).statusCode).toBe(401);
    const old = await t.app.inject({
      method: 'POST',
      url: '/photo_voltaic/login',
      payload: { username: 'sunpath-ops', password: DEMO },
    });
    expect(old.statusCode).toBe(401);
    expect(await login(t.app, 'sunpath-ops', 'new-secret-1')).toBeTruthy();
  });
});

describe('role change (spec §4)', () => {
  it('gives a new session acting as one role, ends the old one, and can go back to all roles', async () => {
    const token = await login(t.app, 'admin');
    const switchRole = (tok: string, role: string | null) =>
      t.app.inject({
        method: 'POST',
        url: '/photo_voltaic/sysOrgUser/switchRole',
        headers: { 'x-token': tok },
        payload: { role },
      });
    expect((await switchRole(token, 'agent')).statusCode).toBe(400);
    const res = await switchRole(token, 'viewer');
    expect(res.statusCode).toBe(200);
    const viewerToken = res.json().data.token;
    expect(viewerToken).not.toBe(token);
    expect((await info(token)).statusCode).toBe(401);
    const asViewer = (await info(viewerToken)).json();
    expect(asViewer.data.roles).toEqual(['viewer']);
    expect(asViewer.data.perms).toBe('');
    expect(
      (await t.app.inject({ method: 'GET', url: '/photo_voltaic/users/export', headers: { 'x-token': viewerToken } }))
        .statusCode,
    ).toBe(403);
    const roles = (
      await t.app.inject({ method: 'GET', url: '/photo_voltaic/sysOrgUser/roles', headers: { 'x-token': viewerToken } })
    ).json().data;
    expect(roles).toEqual({
      roles: [
        { code: 'admin', name: 'Administrator' },
        { code: 'viewer', name: 'Viewer' },
      ],
      actingAs: 'viewer',
    });
    const back = (await switchRole(viewerToken, null)).json().data.token;
    const all = (await info(back)).json();
    expect(all.data.roles).toEqual(['admin', 'viewer']);
    expect(all.data.perms).toContain('user:export');
  });
});
