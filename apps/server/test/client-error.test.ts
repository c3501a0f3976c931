import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserOf } from '../src/modules/client-error/client-error.service.js';
import { buildTestApp, login, type TestApp } from './helper.js';

let t: TestApp;
let admin: string;
let viewer: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, 'admin');
  viewer = await login(t.app, 'viewer');
});
afterAll(async () => t.close());

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const report = (token: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/photo_voltaic/client-errors',
    headers: { ...(token && { 'x-token': token }), 'user-agent': CHROME },
    payload: payload as object,
  });
const entry = (i: number) => ({
  kind: 'request' as const,
  message: `Request failed ${i}`,
  route: '/devices/devices__manage',
  url: 'GET /photo_voltaic/devices',
  status: 500,
  at: Date.now(),
});
const list = (token: string, q = '') =>
  t.app.inject({ url: `/photo_voltaic/client-errors${q}`, headers: { 'x-token': token } });

describe('interface error log', () => {
  it('keeps what a console reports, and an administrator reads it with browser, user and route', async () => {
    const res = await report(viewer, {
      entries: [
        { kind: 'render', message: 'Cannot read x of undefined', stack: 'at Page', route: '/dashboard', at: 1 },
      ],
    });
    expect(res.json()).toMatchObject({ code: 200, data: { stored: 1 } });
    const rows = (await list(admin, '?kind=render')).json().data.rows;
    expect(rows[0]).toMatchObject({
      kind: 'render',
      message: 'Cannot read x of undefined',
      route: '/dashboard',
      loginName: 'viewer',
      browser: 'Chrome 142',
    });
    // reading it is the platform operator's (a service provider's account is refused); reporting needs a session
    expect((await list(await login(t.app, 'agent'))).statusCode).toBe(403);
    expect((await report(undefined, { entries: [entry(0)] })).statusCode).toBe(401);
  });

  it('refuses an oversized report (413) or too many entries (400), storing nothing', async () => {
    const before = (await list(admin)).json().data.total;
    const big = await report(admin, { entries: [{ ...entry(0), stack: 'x'.repeat(70_000) }] });
    expect(big.statusCode).toBe(413);
    const many = await report(admin, { entries: Array.from({ length: 21 }, (_, i) => entry(i)) });
    expect(many.statusCode).toBe(400);
    const longMessage = await report(admin, { entries: [{ ...entry(0), message: 'm'.repeat(1001) }] });
    expect(longMessage.statusCode).toBe(400);
    expect((await list(admin)).json().data.total).toBe(before);
  });

  it('is rate-limited per user: past 60 entries a minute the report answers 429 and is dropped', async () => {
    const token = await login(t.app, 'admin');
    const before = (await list(admin)).json().data.total;
    const batch = { entries: Array.from({ length: 20 }, (_, i) => entry(i)) };
    // the admin reported nothing yet in this window (the refused reports above stored nothing and count nothing)
    for (let i = 0; i < 3; i++) expect((await report(token, batch)).statusCode).toBe(200);
    const refused = await report(token, { entries: [entry(99)] });
    expect(refused.statusCode).toBe(429);
    expect((await list(admin)).json().data.total).toBe(before + 60);
    // another user is not held up by it
    expect((await report(viewer, { entries: [entry(1)] })).statusCode).toBe(200);
  });

  it('names the browser from its user agent', () => {
    expect(browserOf(CHROME)).toBe('Chrome 142');
    expect(browserOf('Mozilla/5.0 (Windows NT 10.0; rv:139.0) Gecko/20100101 Firefox/139.0')).toBe('Firefox 139');
    expect(
      browserOf(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      ),
    ).toBe('Safari 18');
    expect(browserOf('Mozilla/5.0 AppleWebKit/537.36 Chrome/142.0 Safari/537.36 Edg/142.0')).toBe('Edge 142');
  });
});
