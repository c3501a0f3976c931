import {
  CO2_KG_PER_KWH,
  DASHBOARD_BUCKET_MS,
  localDay,
  messagesEn as en,
  messagesEs as es,
  messagesZh as zh,
} from '@pv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRefreshState, refreshDashboard } from '../src/modules/dashboard/dashboard.refresh.js';
import { refreshPlantStats } from '../src/modules/plant/plant-stats.js';
import { buildTestApp, login, newDevice, type TestApp } from './helper.js';
import { openStream, streamTicket } from './sse.js';

const DAY = 86_400_000;
const TZ = 'Asia/Shanghai';
let t: TestApp;
let admin: string;
let agent: string;
let base: string;
const orgs = new Map<string, number>();
const plants: Record<string, number> = {};
const devices: Record<string, number> = {};
// the current 5-minute bucket, a second in (both refreshes below fall in it)
const now = Math.floor(Date.now() / DASHBOARD_BUCKET_MS) * DASHBOARD_BUCKET_MS + 1000;
const today = localDay(now, TZ);
const yesterday = localDay(now - DAY, TZ);
const state = newRefreshState();
// yesterday's 20 kWh (D1) count into this month and year unless today is the first of either
const sameMonth = yesterday.slice(0, 7) === today.slice(0, 7);
const sameYear = yesterday.slice(0, 4) === today.slice(0, 4);

const get = (url: string, token: string, lang = 'en') =>
  t.app.inject({ method: 'GET', url: `/photo_voltaic${url}`, headers: { 'x-token': token, 'accept-language': lang } });

async function plant(name: string, org: string, capacityWp: number) {
  const { id } = await t.app.db
    .insertInto('plants')
    .values({
      org_id: orgs.get(org)!,
      name,
      capacity_wp: capacityWp,
      country: 'CN',
      time_zone: TZ,
      latitude: null,
      longitude: null,
      address: null,
      install_position: 'roof',
      installed_at: now - 90 * DAY,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  plants[name] = id;
}

async function device(
  sn: string,
  plantName: string,
  type: 'inverter' | 'battery',
  online: 'online' | 'offline',
  lastOnline: number,
  points: Record<string, number> | null,
) {
  const p = await t.app.db
    .selectFrom('plants')
    .select(['id', 'org_id'])
    .where('id', '=', plants[plantName]!)
    .executeTakeFirstOrThrow();
  const { id } = await t.app.db
    .insertInto('devices')
    .values(
      newDevice({
        sn,
        type,
        org_id: p.org_id,
        plant_id: p.id,
        online_state: online,
        run_state: 'run',
        last_online_at: lastOnline,
        last_points: points && JSON.stringify(points),
        created_at: now,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  devices[sn] = id;
}

const fault = (sn: string, openedAt: number, fixed = false) =>
  t.app.db
    .insertInto('faults')
    .values({
      device_id: devices[sn]!,
      code: 'F07',
      message: null,
      state: fixed ? 'fixed' : 'unrepaired',
      opened_at: openedAt,
      fixed_at: fixed ? openedAt + 3_600_000 : null,
    })
    .execute();
const daily = (sn: string, day: string, kWh: number) =>
  t.app.db
    .insertInto('device_daily')
    .values({ device_id: devices[sn]!, day, energy_kwh: kWh, updated_at: now })
    .execute();

beforeAll(async () => {
  // no demo fleet: every figure below comes from the rows this file inserts
  t = await buildTestApp({ SIMULATOR_PLANTS: '0' }, { liveHeartbeatMs: 200 });
  for (const o of await t.app.db.selectFrom('orgs').select(['id', 'code']).execute()) orgs.set(o.code, o.id);
  admin = await login(t.app, 'admin');
  agent = await login(t.app, 'agent');

  // SUNPATH (the agent's organisation) and GREENROOF below it; DELTA and ROOT are outside the agent's scope
  await plant('Sun roof', 'SUNPATH', 10_000);
  await plant('Green barn', 'GREENROOF', 5000);
  await plant('Delta field', 'DELTA', 20_000);
  await plant('Root shed', 'ROOT', 5000); // no devices: offline

  await device('D1', 'Sun roof', 'inverter', 'online', now - 10_000, { acPower: 3000, energyTotal: 100 });
  await device('D2', 'Green barn', 'inverter', 'online', now - 10_000, { acPower: 1500.5 });
  await device('D3', 'Green barn', 'battery', 'online', now - 10_000, { acPower: 999, batteryPower: 400 }); // not an inverter: no production power
  await device('D4', 'Delta field', 'inverter', 'online', now - 10_000, { acPower: 8000 });
  await device('D5', 'Sun roof', 'inverter', 'offline', now - 1 * DAY, { acPower: 0 }); // offline within 3 days
  await device('D6', 'Sun roof', 'inverter', 'offline', now - 5 * DAY, null); // offline longer: not counted
  await device('D7', 'Delta field', 'inverter', 'offline', now - 2 * DAY, null);

  // Green barn has an open fault (its status is fault); the others are repaired
  await fault('D1', now - 1 * DAY, true);
  await fault('D2', now - 10 * DAY);
  await fault('D4', now - 40 * DAY, true); // older than 30 days: not counted
  await fault('D7', now - 2 * DAY, true);

  await daily('D1', today, 12.5);
  await daily('D1', yesterday, 20);
  await daily('D2', today, 10);
  await daily('D3', today, 100); // a battery's counter: not production
  await daily('D4', today, 30);

  // plant_stats as the plant job keeps it (it runs again every 10 s: same rows, same figures)
  await refreshPlantStats(t.app.db, now);
  await refreshDashboard(t.app.db, t.app.dialect, state, now);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

describe('dashboard API', () => {
  it('answers the KPIs of every plant to the administrator, hand-computed from the rows', async () => {
    const res = await get(`/dashboard?tz=${TZ}`, admin);
    expect(res.statusCode).toBe(200);
    const { kpi } = res.json().data;
    expect(kpi).toMatchObject({
      plants: 4,
      capacityKwp: 40,
      powerW: 12_500.5, // D1 + D2 + D4; the battery and offline inverters count nothing
      // production from device_daily: inverters only (D3 is a battery)
      energyToday: 52.5,
      energyMonth: sameMonth ? 72.5 : 52.5,
      energyYear: sameYear ? 72.5 : 52.5,
      energyTotal: 72.5,
      plantsOnline: 2,
      plantsFault: 1,
      plantsOffline: 1,
      devicesOffline: 2, // D5, D7
      faults: 3, // D1, D2, D7
      equivalentHours: 1.31, // 52.5 kWh / 40 kWp
      updatedAt: now,
    });
    expect(kpi.co2Kg).toBeCloseTo(72.5 * CO2_KG_PER_KWH, 1);
  });

  it('shows the agent only the figures of its organisation and those below it', async () => {
    // the demo agent role has no dashboard: 403 until it is granted
    expect((await get('/dashboard', agent)).statusCode).toBe(403);
    const menu = await t.app.db
      .selectFrom('resources')
      .select('id')
      .where('router_path', '=', '/dashboard')
      .executeTakeFirstOrThrow();
    const role = await t.app.db.selectFrom('roles').select('id').where('code', '=', 'agent').executeTakeFirstOrThrow();
    await t.app.db.insertInto('role_resources').values({ role_id: role.id, resource_id: menu.id }).execute();
    t.app.sessions.clear(); // granted behind the server's back: signed-in users are read again

    const res = await get(`/dashboard?tz=${TZ}`, agent);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.kpi).toMatchObject({
      plants: 2,
      capacityKwp: 15,
      powerW: 4500.5,
      energyToday: 22.5,
      energyMonth: sameMonth ? 42.5 : 22.5,
      energyYear: sameYear ? 42.5 : 22.5,
      energyTotal: 42.5,
      plantsOnline: 1,
      plantsFault: 1,
      plantsOffline: 0,
      devicesOffline: 1,
      faults: 2,
      equivalentHours: 1.5,
    });
    expect(data.kpi.co2Kg).toBeCloseTo(42.5 * CO2_KG_PER_KWH, 1);
    expect(data.top.map((p: { name: string }) => p.name)).toEqual(
      sameMonth ? ['Sun roof', 'Green barn'] : ['Green barn', 'Sun roof'],
    );
    expect(data.daily.find(([d]: [string]) => d === today)[1]).toBe(22.5); // D1 + D2
  });

  it('answers 403 to a role without dashboard:view and 401 without a session', async () => {
    expect((await get('/dashboard', await login(t.app, 'sunpath-admin'))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/photo_voltaic/dashboard' })).statusCode).toBe(401);
  });

  it('refuses an unknown time zone with a translated message', async () => {
    const res = await get('/dashboard?tz=Mars/Olympus', admin, 'zh');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('时区');
  });

  it('draws the charts from the rollups: power curve, days of the month, months of the year, top plants by specific yield', async () => {
    const data = (await get(`/dashboard?tz=${TZ}`, admin)).json().data;
    const bucket = now - 1000;
    expect(data.power).toEqual([[bucket, 12_500.5]]);
    expect(data.daily.at(-1)).toEqual([today, 52.5]); // 12.5 + 10 + 30, no battery
    expect(data.daily).toHaveLength(Number(today.slice(8, 10)));
    if (sameMonth) expect(data.daily.at(-2)).toEqual([yesterday, 20]);
    const thisMonth = data.monthly.find(([m]: [string]) => m === today.slice(0, 7))[1];
    expect(thisMonth).toBe(sameMonth ? 72.5 : 52.5);
    // the KPIs are the sums of the bars
    expect(data.kpi.energyMonth).toBe(data.daily.reduce((s: number, [, v]: [string, number]) => s + v, 0));
    expect(data.kpi.energyYear).toBe(data.monthly.reduce((s: number, [, v]: [string, number]) => s + v, 0));
    expect(data.monthly).toHaveLength(Number(today.slice(5, 7)));
    // kWh/kWp this month: Sun roof 32.5/10 (12.5/10 on the first of a month), Green barn 10/5, Delta field 30/20
    const sunRoof = {
      id: plants['Sun roof'],
      name: 'Sun roof',
      capacityKwp: 10,
      energyKwh: sameMonth ? 32.5 : 12.5,
      yieldKwhPerKwp: sameMonth ? 3.25 : 1.25,
    };
    const greenBarn = {
      id: plants['Green barn'],
      name: 'Green barn',
      capacityKwp: 5,
      energyKwh: 10,
      yieldKwhPerKwp: 2,
    };
    const deltaField = {
      id: plants['Delta field'],
      name: 'Delta field',
      capacityKwp: 20,
      energyKwh: 30,
      yieldKwhPerKwp: 1.5,
    };
    // Root shed produced nothing: not ranked
    expect(data.top).toEqual(sameMonth ? [sunRoof, greenBarn, deltaField] : [greenBarn, deltaField, sunRoof]);
  });

  it('averages the snapshots of a 5-minute bucket; the current power is the latest snapshot', async () => {
    await t.app.db
      .updateTable('devices')
      .set({ last_points: JSON.stringify({ acPower: 5000 }), last_online_at: now + 500 })
      .where('id', '=', devices.D1!)
      .execute();
    const event = await refreshDashboard(t.app.db, t.app.dialect, state, now + 1000);
    expect(event).toMatchObject({
      type: 'stats',
      orgIds: [orgs.get('SUNPATH')],
      plants: [[plants['Sun roof'], orgs.get('SUNPATH')]],
      faults: [],
    });
    const data = (await get(`/dashboard?tz=${TZ}`, admin)).json().data;
    expect(data.kpi.powerW).toBe(14_500.5);
    expect(data.power).toEqual([[now - 1000, 13_500.5]]);
    // nothing changed: nothing to publish
    expect(await refreshDashboard(t.app.db, t.app.dialect, state, now + 2000)).toBeNull();
  });
});

describe('live events (server-sent events)', () => {
  it('streams the events of the caller scope only, with heartbeats', async () => {
    const stream = await openStream(base, agent);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toContain('text/event-stream');
    const [sunpath, greenroof, delta] = ['SUNPATH', 'GREENROOF', 'DELTA'].map((c) => orgs.get(c)!);
    await t.app.bus.publish({
      type: 'stats',
      at: 1,
      orgIds: [delta!],
      plants: [[plants['Delta field']!, delta!]],
      faults: [[99, delta!]],
    });
    await t.app.bus.publish({
      type: 'stats',
      at: 2,
      orgIds: [sunpath!, greenroof!, delta!],
      plants: [
        [plants['Sun roof']!, sunpath!],
        [plants['Delta field']!, delta!],
      ],
      faults: [
        [7, greenroof!],
        [99, delta!],
      ],
    });
    const ev = await stream.next('stats');
    // the first event held nothing of the agent's: it never arrived (the second is the first here)
    expect(ev.data).toEqual({
      type: 'stats',
      at: 2,
      orgIds: [sunpath, greenroof],
      plantIds: [plants['Sun roof']],
      faultIds: [7],
    });
    // and nothing more comes after it: the stream's next heartbeat does, and no event before it
    const pings = stream.comments.filter((c) => c === 'ping').length;
    await expect.poll(() => stream.comments.filter((c) => c === 'ping').length).toBeGreaterThan(pings);
    expect(stream.events).toHaveLength(1);
    const listening = t.app.bus.subscribers();
    stream.close();
    // the server lets go of a stream whose client has gone
    await expect.poll(() => t.app.bus.subscribers()).toBe(listening - 1);
  });

  it('sends a dashboard refresh to the stream through the bus', async () => {
    const stream = await openStream(base, admin);
    await t.app.db
      .updateTable('devices')
      .set({ last_points: JSON.stringify({ acPower: 6000 }), last_online_at: now + 2500 })
      .where('id', '=', devices.D4!)
      .execute();
    const event = await refreshDashboard(t.app.db, t.app.dialect, state, now + 3000);
    await t.app.bus.publish(event!);
    expect((await stream.next('stats')).data).toMatchObject({
      orgIds: [orgs.get('DELTA')],
      plantIds: [plants['Delta field']],
    });
    stream.close();
  });

  it('ends the stream of a user disabled meanwhile (the session checks of every request)', async () => {
    const token = await login(t.app, 'viewer');
    const stream = await openStream(base, token);
    expect(stream.status).toBe(200);
    await t.app.db.updateTable('users').set({ state: 'disabled' }).where('login_name', '=', 'viewer').execute();
    try {
      await stream.next('expired', 3000);
      expect(await stream.waitEnd()).toBe(true);
    } finally {
      await t.app.db.updateTable('users').set({ state: 'enabled' }).where('login_name', '=', 'viewer').execute();
    }
  });

  it('ends the stream with an expired event after logout, and refuses a ticket of the signed-out session', async () => {
    const token = await login(t.app, 'admin');
    const stream = await openStream(base, token);
    const spare = await streamTicket(base, token);
    expect(
      (await t.app.inject({ method: 'GET', url: '/photo_voltaic/sysLogout', headers: { 'x-token': token } }))
        .statusCode,
    ).toBe(200);
    await stream.next('expired', 3000);
    expect(await stream.waitEnd()).toBe(true);
    // a ticket asked for before the sign-out, never used: its session no longer counts
    const refused = await openStream(base, { ticket: spare });
    expect(refused.status).toBe(401);
    expect(await ticketAnswer(spare)).toMatchObject({ status: 401, code: 401, msg: en['error.ticketInvalid'] });
    expect(await streamTicket(base, token).catch((err: Error) => err.message)).toMatch(/^no stream ticket: 401/);
    // neither the token nor a ticket reaches a log line
    expect(t.logs.join('')).not.toContain(token);
    expect(t.logs.join('')).not.toContain(spare);
  });
});

/** The answer of GET /events?ticket= when it is refused (a granted one is a stream that does not end). */
async function ticketAnswer(ticket: string, lang = 'en') {
  const res = await fetch(`${base}/photo_voltaic/events?ticket=${encodeURIComponent(ticket)}`, {
    headers: { 'accept-language': lang },
  });
  if (res.status === 200) {
    await res.body?.cancel();
    return { status: 200 };
  }
  return { status: res.status, ...((await res.json()) as { code: number; msg: string }) };
}

describe('event stream tickets (single use, short-lived, of one session)', () => {
  it('a ticket opens the stream once: used again it is refused, in the caller language', async () => {
    const ticket = await streamTicket(base, agent);
    const stream = await openStream(base, { ticket });
    expect(stream.status).toBe(200);
    // the stream is the agent's: an event of the agent's scope arrives
    const sunpath = orgs.get('SUNPATH')!;
    await t.app.bus.publish({ type: 'stats', at: 3, orgIds: [sunpath], plants: [], faults: [] });
    expect((await stream.next('stats')).data).toMatchObject({ at: 3, orgIds: [sunpath] });
    expect(await ticketAnswer(ticket, 'zh')).toEqual({
      status: 401,
      code: 401,
      msg: zh['error.ticketInvalid'],
      data: null,
    });
    stream.close();
    // the stored ticket is gone, not merely marked
    expect(await t.app.db.selectFrom('stream_tickets').selectAll().execute()).toEqual([]);
  });

  it('an expired or unknown ticket is refused; a session token in the address is refused on the stream', async () => {
    const ticket = await streamTicket(base, agent);
    // its 30 s have passed (the row, as another server process would find it)
    await t.app.db
      .updateTable('stream_tickets')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    expect(await ticketAnswer(ticket, 'es')).toMatchObject({ status: 401, msg: es['error.ticketInvalid'] });
    expect(await ticketAnswer('x'.repeat(43))).toMatchObject({ status: 401, msg: en['error.ticketInvalid'] });
    const byToken = await fetch(`${base}/photo_voltaic/events?token=${encodeURIComponent(agent)}`);
    expect(byToken.status).toBe(401);
    expect(((await byToken.json()) as { msg: string }).msg).toBe(en['error.tokenInQuery']);
  });

  it('a ticket counts only on the stream: elsewhere it signs no one in', async () => {
    const ticket = await streamTicket(base, admin);
    const res = await t.app.inject({ method: 'GET', url: `/photo_voltaic/users?ticket=${encodeURIComponent(ticket)}` });
    expect(res.statusCode).toBe(401);
    // and it is still good for the stream (the refused request did not use it up)
    expect(await openStream(base, { ticket }).then((s) => (s.close(), s.status))).toBe(200);
  });

  it('handing out a ticket empties no cache and writes no audit line', async () => {
    const audits = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('audit_logs')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    await t.app.audit.flush();
    const before = await audits();
    const cached = t.app.sessions.size;
    expect(cached).toBeGreaterThan(0);
    await streamTicket(base, admin);
    expect(t.app.sessions.size).toBe(cached);
    await t.app.audit.flush();
    expect(await audits()).toBe(before);
  });
});
