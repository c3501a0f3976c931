import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/passwords.js';
import { outboxOf } from '../src/modules/mail/index.js';
import {
  advanceCursor,
  GAP_WAIT_MS,
  NOTIFICATION_RETENTION_MS,
  notifyNewFaults,
  pruneNotifications,
} from '../src/modules/notification/notification.service.js';
import { buildTestApp, DEMO, login, newDevice, type TestApp } from './helper.js';
import { openStream } from './sse.js';

// Fault notifications (issue 18): a fault opened through the ingest tells the users who may list
// faults and whose data scope covers it (the platform's own included since issue 42: a scope of
// `all` covers every organisation), each by their own preferences; the bell's count is live over
// the event stream. notification-platform.test.ts follows the administrator's bell and mail.
let t: TestApp;
let base: string;
const orgs = new Map<string, number>();
const tokens: Record<string, string> = {};
const users: Record<string, number> = {};
const devices: Record<string, number> = {};
const hour = 3_600_000;

const call = (method: 'GET' | 'PUT', url: string, token: string, payload?: object, lang = 'en') =>
  t.app.inject({
    method,
    url: `/photo_voltaic${url}`,
    headers: { 'x-token': token, 'accept-language': lang },
    payload,
  });
const fault = (sn: string, code: string, message?: string) =>
  t.app.ingest.submit(sn, 'event', { type: 'fault', ts: Date.now(), code, ...(message && { message }) });

/** Waits until the notifications of the fault opened on `sn` with `code` exist (the job runs every 100 ms). */
async function notified(code: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const f = await t.app.db.selectFrom('faults').select('id').where('code', '=', code).executeTakeFirst();
    if (f) {
      const { state } = await t.app.db
        .selectFrom('job_runs')
        .select('state')
        .where('name', '=', 'fault-notify')
        .executeTakeFirstOrThrow();
      const ev = await t.app.db
        .selectFrom('fault_events')
        .select('id')
        .where('fault_id', '=', f.id)
        .where('action', '=', 'opened')
        .executeTakeFirstOrThrow();
      if (state && JSON.parse(state).cursor >= ev.id) {
        const rows = await t.app.db
          .selectFrom('notifications')
          .select(['user_id'])
          .where('fault_id', '=', f.id)
          .execute();
        return { faultId: f.id, userIds: rows.map((r) => r.user_id).sort((a, b) => a - b) };
      }
    }
    if (Date.now() > deadline) throw new Error(`fault ${code} not notified within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A user of `org` with one new role of `scope`, holding fault:list or not. */
async function addUser(login: string, org: string, scope: 'all' | 'orgAndChildren' | 'org' | 'self', faultList = true) {
  const db = t.app.db;
  const { id: roleId } = await db
    .insertInto('roles')
    .values({ code: `r-${login}`, name: `Role ${login}`, org_id: orgs.get(org)!, data_scope: scope, sensitive: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const perms = faultList ? ['plant:list', 'fault:list'] : ['plant:list'];
  const res = await db.selectFrom('resources').select('id').where('perm', 'in', perms).execute();
  await db
    .insertInto('role_resources')
    .values(res.map((r) => ({ role_id: roleId, resource_id: r.id })))
    .execute();
  const { id } = await db
    .insertInto('users')
    .values({
      org_id: orgs.get(org)!,
      login_name: login,
      nickname: login,
      password_hash: await hashPassword(DEMO),
      mobile: null,
      email: `${login}@example.com`,
      state: 'enabled',
      avatar: '',
      introduction: '',
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_roles').values({ user_id: id, role_id: roleId }).execute();
  users[login] = id;
  return id;
}

beforeAll(async () => {
  // no demo fleet; the fault-notify job every 100 ms, the other jobs out of the way
  t = await buildTestApp(
    { SIMULATOR_PLANTS: '0' },
    {
      jobPeriods: {
        'fault-notify': 100,
        dashboard: hour,
        'offline-sweep': hour,
        'command-timeouts': hour,
        'plant-stats': hour,
        'archive-prune': hour,
      },
    },
  );
  const db = t.app.db;
  for (const o of await db.selectFrom('orgs').select(['id', 'code']).execute()) orgs.set(o.code, o.id);
  for (const u of await db.selectFrom('users').select(['id', 'login_name']).execute()) users[u.login_name] = u.id;
  // the demo's service-provider role lists faults (GREENROOF lies below SUNPATH)
  await addUser('gr-org', 'GREENROOF', 'org'); // own organisation only: covers GREENROOF's devices
  await addUser('sp-org', 'SUNPATH', 'org'); // own organisation only: does not cover GREENROOF's
  await addUser('gr-nolist', 'GREENROOF', 'orgAndChildren', false); // no fault:list
  await addUser('gr-off', 'GREENROOF', 'orgAndChildren'); // console off in its preferences
  await addUser('gr-critical', 'GREENROOF', 'orgAndChildren'); // only critical faults
  await addUser('gr-disabled', 'GREENROOF', 'orgAndChildren');
  await addUser('dl-all', 'DELTA', 'all'); // another organisation, but its scope covers every one
  await addUser('root-org', 'ROOT', 'org'); // the platform's own organisation only
  await db.updateTable('users').set({ state: 'disabled' }).where('id', '=', users['gr-disabled']!).execute();
  for (const u of ['admin', 'agent', 'installer1', 'delta', 'sunpath-ops', 'gr-org', 'gr-off', 'gr-critical'])
    tokens[u] = await login(t.app, u);

  const plant = async (name: string, org: string) =>
    (
      await db
        .insertInto('plants')
        .values({
          org_id: orgs.get(org)!,
          name,
          capacity_wp: 10_000,
          country: 'DE',
          time_zone: 'Europe/Berlin',
          latitude: null,
          longitude: null,
          address: null,
          install_position: 'roof',
          installed_at: null,
          created_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const roof = await plant('Roof Plant', 'GREENROOF');
  const madrid = await plant('Madrid Plant', 'DELTA');
  for (const [sn, org, plantId] of [
    ['NGR1', 'GREENROOF', roof],
    ['NDL1', 'DELTA', madrid],
  ] as const)
    devices[sn] = (
      await db
        .insertInto('devices')
        .values(newDevice({ sn, org_id: orgs.get(org)!, plant_id: plantId, online_state: 'online', run_state: 'run' }))
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  // a critical code of the catalogue, with its texts
  await db
    .insertInto('fault_codes')
    .values({
      product_id: null,
      code: 'NX99',
      severity: 'critical',
      texts: JSON.stringify({
        en: { title: 'Arc fault detected', action: 'Switch the string off and inspect it' },
        zh: { title: '检测到电弧故障', action: '断开该组串并检查' },
      }),
    })
    .execute();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // the preferences: console off; only critical
  expect(
    (
      await call('PUT', '/profile/notification-prefs', tokens['gr-off']!, {
        console: false,
        mail: false,
        minSeverity: 'warning',
        mailMinSeverity: 'major',
        lang: 'en',
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (
      await call('PUT', '/profile/notification-prefs', tokens['gr-critical']!, {
        console: true,
        mail: true,
        minSeverity: 'critical',
        mailMinSeverity: 'critical',
        lang: 'ja',
      })
    ).statusCode,
  ).toBe(200);
});
afterAll(async () => t?.close());

describe('who is told', () => {
  it('tells the users of the organisation and the one above with fault:list and scope, by their preferences', async () => {
    const stream = await openStream(base, tokens.installer1!);
    const other = await openStream(base, tokens.delta!);
    await fault('NGR1', 'E501', 'DC insulation low'); // unknown code: major
    const { faultId, userIds } = await notified('E501');
    const expected = ['admin', 'viewer', 'installer1', 'agent', 'sunpath-ops', 'sunpath-admin', 'gr-org', 'dl-all']
      .map((u) => users[u]!)
      .sort((a, b) => a - b);
    // admin and viewer (ROOT) and dl-all: their scope is all. Not: delta (another organisation,
    // scope orgAndChildren), sp-org (its scope is SUNPATH only), root-org (ROOT only), gr-nolist (no
    // fault:list), gr-off (console off), gr-critical (only critical), gr-disabled, retired (disabled)
    expect(userIds).toEqual(expected);
    // the bell of installer1's open stream: one unread, live
    expect((await stream.next('notifications')).data).toEqual({
      type: 'notifications',
      at: expect.any(Number),
      unread: 1,
    });
    // the other organisation's stream hears nothing of it: a count of its own user, put on the bus
    // after the fault's (every stream hears the bus in order), is the first it gets
    await t.app.bus.publish({ type: 'notifications', at: 1, users: [[users.delta!, 0]] });
    await other.next('notifications');
    expect(other.events.filter((e) => e.event === 'notifications').map((e) => e.data)).toEqual([
      { type: 'notifications', at: 1, unread: 0 },
    ]);
    stream.close();
    other.close();

    const list = await call('GET', '/notifications', tokens.installer1!);
    expect(list.json().data).toMatchObject({
      total: 1,
      unread: 1,
      rows: [{ kind: 'fault', faultId, severity: 'major', readAt: null }],
    });
    expect(list.json().data.rows[0].title).toBe('Major fault E501: DC insulation low');
    expect(list.json().data.rows[0].body).toBe('NGR1 at Roof Plant');
    // the same line in Chinese for a Chinese console
    const zh = await call('GET', '/notifications', tokens.installer1!, undefined, 'zh-CN');
    expect(zh.json().data.rows[0].title).toBe('重要故障 E501：DC insulation low');
  });

  it('tells a critical fault to those who want only critical ones, in the catalogue text of their language', async () => {
    await fault('NGR1', 'NX99');
    const { userIds } = await notified('NX99');
    expect(userIds).toContain(users['gr-critical']);
    expect(userIds).not.toContain(users['gr-off']);
    const rows = (await call('GET', '/notifications?unread=true', tokens['gr-critical']!, undefined, 'zh')).json().data
      .rows;
    expect(rows.map((r: { title: string }) => r.title)).toEqual(['紧急故障 NX99：检测到电弧故障']);
  });

  it('tells nobody of another organisation, and a fault of that organisation only its own users and scope all', async () => {
    await fault('NDL1', 'E777');
    const { userIds } = await notified('E777');
    expect(userIds).toEqual(['admin', 'viewer', 'delta', 'dl-all'].map((u) => users[u]!).sort((a, b) => a - b));
  });

  it('writes a mail for each recipient who wants one, kept in the outbox without SMTP_URL', async () => {
    const mails = await t.app.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
    expect(mails.every((m) => m.status === 'stored')).toBe(true);
    const to = (code: string) =>
      mails
        .filter((m) => m.subject.includes(code) || m.text.includes(code))
        .map((m) => m.to_address)
        .sort();
    // E501 (major): mail on by default for major; gr-off has mail off, gr-critical mails only critical
    expect(to('E501')).toEqual(
      [
        'admin@pv-console.example',
        'viewer@pv-console.example',
        'dl-all@example.com',
        'agent@sunpath.example',
        'gr-org@example.com',
        'install@greenroof.example',
        'it@sunpath.example',
        'ops@sunpath.example',
      ].sort(),
    );
    // NX99 (critical) reaches gr-critical in Japanese
    const ja = mails.find((m) => m.to_address === 'gr-critical@example.com');
    expect(ja).toMatchObject({ lang: 'ja', template: 'faultOpened' });
    expect(ja!.subject).toBe('【緊急】Roof Plantで故障が発生しました：Arc fault detected');
  });
});

describe('reading', () => {
  it('counts unread, marks one read (own only: another user’s is 404), then all', async () => {
    const me = tokens.agent!;
    const unread = async (token: string) =>
      (await call('GET', '/notifications/unread-count', token)).json().data.unread as number;
    expect(await unread(me)).toBe(2); // E501, NX99
    const rows = (await call('GET', '/notifications', me)).json().data.rows as { id: number }[];
    const theirs = (await call('GET', '/notifications', tokens.installer1!)).json().data.rows as { id: number }[];
    const stream = await openStream(base, me);

    const other = await call('PUT', `/notifications/${theirs[0]!.id}/read`, me);
    expect(other.statusCode).toBe(404);
    expect(await unread(tokens.installer1!)).toBe(2);
    expect((await call('PUT', '/notifications/999999/read', me)).statusCode).toBe(404);

    const one = await call('PUT', `/notifications/${rows[1]!.id}/read`, me);
    expect(one.json().data).toEqual({ unread: 1 });
    // the user's other tabs hear the new count
    expect((await stream.next('notifications')).data).toMatchObject({ unread: 1 });
    const list = (await call('GET', '/notifications', me)).json().data;
    expect(list.rows[1].readAt).toEqual(expect.any(Number));
    expect(list.rows[0].readAt).toBeNull();
    expect((await call('GET', '/notifications?unread=1', me)).json().data.total).toBe(1);

    expect((await call('PUT', '/notifications/read-all', me)).json().data).toEqual({ unread: 0 });
    expect(await unread(me)).toBe(0);
    expect(await unread(tokens.installer1!)).toBe(2);
    stream.close();
  });
});

describe('retention', () => {
  it('removes notifications older than the retention, read or not, and keeps the rest', async () => {
    const db = t.app.db;
    const mine = () => db.selectFrom('notifications').select('id').where('user_id', '=', users.delta!).execute();
    const kept = (await mine()).map((r) => r.id);
    expect(kept.length).toBeGreaterThan(0);
    await db
      .insertInto('notifications')
      .values({
        user_id: users.delta!,
        kind: 'fault',
        fault_id: null,
        severity: 'minor',
        title_key: 'notification.faultTitle',
        title_values: JSON.stringify({ code: 'OLD', device: 'X', plant: null, titles: {}, message: null }),
        text: null,
        created_at: Date.now() - NOTIFICATION_RETENTION_MS - 60_000,
        read_at: null,
      })
      .execute();
    expect(await pruneNotifications(db)).toBe(1);
    expect((await mine()).map((r) => r.id)).toEqual(kept);
  });
});

describe('preferences', () => {
  it('answers the defaults, then what was saved; refuses a bad value and changes nothing', async () => {
    const me = tokens['sunpath-ops']!;
    const before = (await call('GET', '/profile/notification-prefs', me)).json().data;
    expect(before).toEqual({
      console: true,
      mail: true,
      minSeverity: 'warning',
      mailMinSeverity: 'major',
      lang: 'en',
      email: 'ops@sunpath.example',
    });
    const bad = await call(
      'PUT',
      '/profile/notification-prefs',
      me,
      { ...before, minSeverity: 'apocalyptic', email: undefined },
      'zh',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('最低严重程度');
    expect((await call('GET', '/profile/notification-prefs', me)).json().data).toEqual(before);
    const saved = { console: true, mail: false, minSeverity: 'major', mailMinSeverity: 'critical', lang: 'es' };
    expect((await call('PUT', '/profile/notification-prefs', me, saved)).statusCode).toBe(200);
    expect((await call('GET', '/profile/notification-prefs', me)).json().data).toEqual({
      ...saved,
      email: 'ops@sunpath.example',
    });
  });

  it('takes the language of a first sign-in as the mail language, and keeps a chosen one', async () => {
    const signIn = (username: string, lang: string) =>
      t.app.inject({
        method: 'POST',
        url: '/photo_voltaic/login',
        headers: { 'accept-language': lang },
        payload: { username, password: DEMO },
      });
    expect((await signIn('sunpath-admin', 'zh-CN,zh;q=0.9')).statusCode).toBe(200);
    const token = (await signIn('sunpath-admin', 'ja')).json().data.token;
    expect((await call('GET', '/profile/notification-prefs', token)).json().data.lang).toBe('zh');
    // sunpath-ops chose Spanish above: a sign-in in English keeps it
    await signIn('sunpath-ops', 'en-US');
    expect((await call('GET', '/profile/notification-prefs', tokens['sunpath-ops']!)).json().data.lang).toBe('es');
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/photo_voltaic/notifications' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/photo_voltaic/profile/notification-prefs', payload: {} })).statusCode,
    ).toBe(401);
  });
});

describe('the cursor', () => {
  it('is moved by one run only: a run that read an older state writes nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('notifications')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const { state } = await t.app.db
      .selectFrom('job_runs')
      .select('state')
      .where('name', '=', 'fault-notify')
      .executeTakeFirstOrThrow();
    const current = JSON.parse(state!) as { cursor: number };
    // as a stalled run that still holds the state before the last fault's events were told
    const stale = { cursor: current.cursor - 1, done: [] };
    await expect(notifyNewFaults(t.app.db, outboxOf(t.config), stale)).rejects.toThrow(/another run/);
    expect(await count()).toBe(before);
    const after = await t.app.db
      .selectFrom('job_runs')
      .select('state')
      .where('name', '=', 'fault-notify')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(after.state!).cursor).toBeGreaterThanOrEqual(current.cursor);
  });

  it('moves over each next id, waits for a missing one, and moves past it after GAP_WAIT_MS', () => {
    const now = 1_000_000;
    let s = advanceCursor({ cursor: 10, done: [] }, [11, 12, 14, 15], [12, 14], now);
    expect(s).toEqual({ cursor: 12, done: [14], gap: { id: 13, since: now } });
    // 13 still missing a moment later: the cursor waits, 14 stays done
    s = advanceCursor(s, [14, 15, 16], [16], now + 1000);
    expect(s).toEqual({ cursor: 12, done: [14, 16], gap: { id: 13, since: now } });
    // 13 turned up (its transaction committed)
    expect(advanceCursor(s, [13, 14, 15, 16], [13], now + 2000)).toEqual({ cursor: 16, done: [] });
    // or never did: past it after the wait
    expect(advanceCursor(s, [14, 15, 16], [], now + GAP_WAIT_MS)).toEqual({ cursor: 16, done: [] });
  });
});
