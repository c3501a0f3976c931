import { LIVE_WATCH_MAX } from '@pv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRefreshState, refreshDashboard } from '../src/modules/dashboard/dashboard.refresh.js';
import { devicesFor } from '../src/modules/dashboard/events.service.js';
import type { BusEvent } from '../src/plugins/bus.js';
import { buildTestApp, login, newDevice, type TestApp } from './helper.js';
import { openStream, type SseEvent } from './sse.js';

// The live events of the plant and device pages: `devices` events come from the ingest (what a
// device sent) and the jobs (offline, command timeouts); `stats` events name plants, and reach the
// users whose data scope covers them or who hold a grant on them.
let t: TestApp;
let base: string;
let admin: string;
let agent: string;
let delta: string;
const orgs = new Map<string, number>();
const plants: Record<string, number> = {};
const devices: Record<string, number> = {};
const now = Date.now();

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/photo_voltaic${url}`, headers: { 'x-token': token }, payload });
const telemetry = (sn: string, ts = Date.now()) =>
  t.app.ingest.submit(sn, 'telemetry', { ts, points: { acPower: 1000 } });
/** The `devices` events of a stream from index `from` on. */
const deviceEvents = (events: SseEvent[], from = 0) => events.slice(from).filter((e) => e.event === 'devices');

beforeAll(async () => {
  // no demo fleet: only the plants and devices below; the periodic jobs run when a test ticks them
  // (the dashboard's own refresh would publish stats events of its own)
  const hour = 3_600_000;
  t = await buildTestApp(
    { SIMULATOR_PLANTS: '0' },
    {
      jobPeriods: {
        dashboard: hour,
        'offline-sweep': hour,
        'command-timeouts': hour,
        'plant-stats': hour,
        'archive-prune': hour,
      },
    },
  );
  for (const o of await t.app.db.selectFrom('orgs').select(['id', 'code']).execute()) orgs.set(o.code, o.id);
  [admin, agent, delta] = (await Promise.all(['admin', 'agent', 'delta'].map((u) => login(t.app, u)))) as [
    string,
    string,
    string,
  ];
  // SUNPATH is the agent's organisation; DELTA the delta user's (outside each other's scope)
  for (const [name, org] of [
    ['LiveSun', 'SUNPATH'],
    ['LiveDelta', 'DELTA'],
  ] as const) {
    plants[name] = (
      await t.app.db
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
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  const device = async (sn: string, plant: string, type: 'inverter' | 'collector', parent?: string) => {
    const p = await t.app.db
      .selectFrom('plants')
      .select(['id', 'org_id'])
      .where('id', '=', plants[plant]!)
      .executeTakeFirstOrThrow();
    devices[sn] = (
      await t.app.db
        .insertInto('devices')
        .values(
          newDevice({
            sn,
            type,
            org_id: p.org_id,
            plant_id: p.id,
            parent_id: parent ? devices[parent]! : null,
            online_state: 'online',
            run_state: 'run',
            last_online_at: now,
            created_at: now,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  };
  await device('LSUN1', 'LiveSun', 'inverter');
  await device('LCOL1', 'LiveSun', 'collector');
  await device('LSUB1', 'LiveSun', 'inverter', 'LCOL1');
  await device('LDEL1', 'LiveDelta', 'inverter');
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t?.close());

describe('devices events', () => {
  it('sends a watched device that reported to a user whose scope covers it, and not to one whose scope does not', async () => {
    const watch = `devices=${devices.LSUN1},${devices.LDEL1}`;
    const [forAgent, forDelta, forAdmin] = await Promise.all([
      openStream(base, agent, watch),
      openStream(base, delta, watch),
      openStream(base, admin, watch),
    ]);
    expect(forAgent.status).toBe(200);
    await Promise.all([telemetry('LSUN1'), telemetry('LDEL1')]);
    await t.app.deviceActivity.flush();
    expect((await forAgent.next('devices')).data).toMatchObject({ type: 'devices', deviceIds: [devices.LSUN1] });
    expect((await forDelta.next('devices')).data).toMatchObject({ type: 'devices', deviceIds: [devices.LDEL1] });
    expect((await forAdmin.next('devices')).data).toMatchObject({
      deviceIds: [devices.LSUN1, devices.LDEL1].sort((a, b) => a! - b!),
    });
    // a device nobody watches: no event on any of the streams
    const seen = [forAgent, forDelta, forAdmin].map((s) => s.events.length);
    await telemetry('LCOL1');
    await t.app.deviceActivity.flush();
    await telemetry('LSUN1');
    await t.app.deviceActivity.flush();
    expect((await forAgent.next('devices', 5000, seen[0])).data).toMatchObject({ deviceIds: [devices.LSUN1] });
    expect((await forAdmin.next('devices', 5000, seen[2])).data).toMatchObject({ deviceIds: [devices.LSUN1] });
    expect(deviceEvents(forAgent.events, seen[0])).toHaveLength(1);
    expect(deviceEvents(forDelta.events, seen[1])).toHaveLength(0);
    for (const s of [forAgent, forDelta, forAdmin]) s.close();
  });

  it('publishes the messages of a period as one bus event, each device once; a collector names its sub devices', async () => {
    const published: BusEvent[] = [];
    const unsubscribe = t.app.bus.subscribe((e) => void (e.type === 'devices' && published.push(e)));
    await t.app.deviceActivity.flush();
    const ts = Date.now();
    const sends: Promise<void>[] = [];
    for (let i = 0; i < 20; i++) sends.push(telemetry('LSUN1', ts + i), telemetry('LDEL1', ts + i));
    sends.push(
      t.app.ingest.submit('LCOL1', 'telemetry', {
        ts,
        points: { rssi: -60 },
        sub: [{ sn: 'LSUB1', points: { acPower: 5 } }],
      }),
    );
    await Promise.all(sends);
    await t.app.deviceActivity.flush();
    unsubscribe();
    // 41 messages, one event (the timer of the period did not come due within this test's second)
    const ids = published.flatMap((e) => (e.type === 'devices' ? e.deviceIds : []));
    expect(ids.sort((a, b) => a - b)).toEqual(
      [devices.LSUN1, devices.LCOL1, devices.LSUB1, devices.LDEL1].sort((a, b) => a! - b!),
    );
    for (const e of published)
      if (e.type === 'devices') expect(e.deviceIds).toEqual([...e.deviceIds].sort((a, b) => a - b));
  });

  it('names the device when it acknowledges a command and when it reports OTA progress', async () => {
    const stream = await openStream(base, agent, `devices=${devices.LSUN1}`);
    const cmd = await call('POST', `/devices/${devices.LSUN1}/commands`, agent, { kind: 'reboot', params: {} });
    expect(cmd.statusCode).toBe(200);
    const cmdId: string = cmd.json().data.cmdId;
    await t.app.ingest.submit('LSUN1', 'ack', { ts: Date.now(), cmdId, ok: true, content: 'rebooting' });
    await t.app.deviceActivity.flush();
    expect((await stream.next('devices')).data).toMatchObject({ deviceIds: [devices.LSUN1] });
    // what the page then reads again has the ack
    expect((await call('GET', `/devices/${devices.LSUN1}/commands`, agent)).json().data.rows[0]).toMatchObject({
      cmdId,
      status: 'success',
    });
    const seen = stream.events.length;
    await t.app.ingest.submit('LSUN1', 'event', { type: 'ota', ts: Date.now(), cmdId, progress: 40, version: '2.0.0' });
    await t.app.deviceActivity.flush();
    expect((await stream.next('devices', 5000, seen)).data).toMatchObject({ deviceIds: [devices.LSUN1] });
    expect((await call('GET', `/devices/${devices.LSUN1}/update-log`, agent)).json().data[0]).toMatchObject({
      cmdId,
      progress: 40,
    });
    stream.close();
  });

  it('names the devices the offline sweep and the command timeout change', async () => {
    const stream = await openStream(base, agent, `devices=${devices.LSUN1}`);
    await call('POST', `/devices/${devices.LSUN1}/commands`, agent, { kind: 'reboot', params: {} });
    await t.app.deviceActivity.flush();
    // ten minutes on: the device is silent past its window, the command past its timeout
    const later = Date.now() + 10 * 60_000;
    expect(await t.app.jobs.tick('command-timeouts', later)).toMatchObject({ ran: true });
    await t.app.deviceActivity.flush();
    expect((await stream.next('devices')).data).toMatchObject({ deviceIds: [devices.LSUN1] });
    const seen = stream.events.length;
    expect(await t.app.jobs.tick('offline-sweep', later)).toMatchObject({ ran: true });
    await t.app.deviceActivity.flush();
    expect((await stream.next('devices', 5000, seen)).data).toMatchObject({ deviceIds: [devices.LSUN1] });
    expect((await call('GET', `/devices/${devices.LSUN1}`, agent)).json().data.onlineState).toBe('offline');
    stream.close();
  });

  it('refuses a malformed watch list or one longer than LIVE_WATCH_MAX', async () => {
    const many = Array.from({ length: LIVE_WATCH_MAX + 1 }, (_, i) => i + 1).join(',');
    expect((await openStream(base, agent, `devices=${many}`)).status).toBe(400);
    expect((await openStream(base, agent, 'devices=1,x')).status).toBe(400);
    const most = await openStream(
      base,
      agent,
      `devices=${Array.from({ length: LIVE_WATCH_MAX }, (_, i) => i + 1).join(',')}`,
    );
    expect(most.status).toBe(200);
    most.close();
  });

  it('picks each stream’s watched ids out of one event, in the order watched', () => {
    const event = { type: 'devices' as const, at: 7, deviceIds: Array.from({ length: 10_000 }, (_, i) => 2 * i + 1) };
    expect(devicesFor([4, 19_999, 1, 3], event)).toEqual({ type: 'devices', at: 7, deviceIds: [19_999, 1, 3] });
    expect(devicesFor([2, 20_001], event)).toBeNull();
    expect(devicesFor([], event)).toBeNull();
    expect(devicesFor([5], { type: 'devices', at: 8, deviceIds: [] })).toBeNull();
  });
});

describe('plant grants and stats events', () => {
  it('shows a grantee the granted plant and its devices live, until the grant is withdrawn', async () => {
    const sun = orgs.get('SUNPATH')!;
    const stats = {
      type: 'stats' as const,
      at: 1,
      orgIds: [sun],
      plants: [[plants.LiveSun!, sun]] as [number, number][],
      faults: [[5, sun]] as [number, number][],
    };
    const watch = `devices=${devices.LSUN1},${devices.LDEL1}`;
    const before = await openStream(base, delta, watch);
    await t.app.bus.publish(stats);
    await Promise.all([telemetry('LSUN1'), telemetry('LDEL1')]);
    await t.app.deviceActivity.flush();
    expect((await before.next('devices')).data).toMatchObject({ deviceIds: [devices.LDEL1] });
    // the stats event went before: nothing of it was the delta user's
    expect(before.events.filter((e) => e.event === 'stats')).toEqual([]);

    expect(
      (await call('POST', `/plants/${plants.LiveSun}/grants`, agent, { emails: 'ops@delta.example', perms: ['view'] }))
        .statusCode,
    ).toBe(200);
    // a stream opened now, and the one already open (it reads its access again after a console write)
    const after = await openStream(base, delta, watch);
    for (const stream of [after, before]) {
      for (let tries = 0; ; tries++) {
        const from = stream.events.length;
        await Promise.all([telemetry('LSUN1'), telemetry('LDEL1')]);
        await t.app.deviceActivity.flush();
        const got = (await stream.next('devices', 5000, from)).data as { deviceIds: number[] };
        if (got.deviceIds.length === 2 || tries === 20) {
          expect(got.deviceIds).toEqual([devices.LSUN1, devices.LDEL1].sort((a, b) => a! - b!));
          break;
        }
      }
    }
    // the plant's figures: the plant only (its organisation's and its faults stay the agent's)
    const from = after.events.length;
    await t.app.bus.publish({ ...stats, at: 2 });
    expect((await after.next('stats', 5000, from)).data).toEqual({
      type: 'stats',
      at: 2,
      orgIds: [],
      plantIds: [plants.LiveSun],
      faultIds: [],
    });

    const grant = (await call('GET', `/plants/${plants.LiveSun}/grants`, agent)).json().data[0];
    expect((await call('DELETE', `/plants/${plants.LiveSun}/grants/${grant.id}`, agent)).statusCode).toBe(200);
    for (let tries = 0; ; tries++) {
      const i = after.events.length;
      await Promise.all([telemetry('LSUN1'), telemetry('LDEL1')]);
      await t.app.deviceActivity.flush();
      const got = (await after.next('devices', 5000, i)).data as { deviceIds: number[] };
      if (got.deviceIds.length === 1 || tries === 20) {
        expect(got.deviceIds).toEqual([devices.LDEL1]);
        break;
      }
    }
    const last = after.events.length;
    await t.app.bus.publish({ ...stats, at: 3 });
    await t.app.bus.publish({
      type: 'stats',
      at: 4,
      orgIds: [orgs.get('DELTA')!],
      plants: [[plants.LiveDelta!, orgs.get('DELTA')!]],
      faults: [],
    });
    // the first (the withdrawn plant's) never arrives; the second (its own) does
    expect((await after.next('stats', 5000, last)).data).toMatchObject({ at: 4, plantIds: [plants.LiveDelta] });
    before.close();
    after.close();
  });

  it('names the plant of a new fault in the stats event, though none of its devices reported', async () => {
    const state = newRefreshState();
    await refreshDashboard(t.app.db, t.app.dialect, state);
    const silent = await t.app.db
      .selectFrom('devices')
      .select('last_online_at')
      .where('plant_id', '=', plants.LiveDelta!)
      .execute();
    for (const d of silent) expect(d.last_online_at).toBeLessThanOrEqual(state.at!);
    // a fault opened (as the ingest opens it) on a device silent since the refresh
    await t.app.db
      .insertInto('faults')
      .values({
        device_id: devices.LDEL1!,
        code: 'F01',
        message: null,
        state: 'unrepaired',
        opened_at: Date.now(),
        fixed_at: null,
      })
      .execute();
    const event = await refreshDashboard(t.app.db, t.app.dialect, state, Date.now() + 1);
    expect(event?.plants).toContainEqual([plants.LiveDelta, orgs.get('DELTA')]);
    const stream = await openStream(base, delta);
    const agentStream = await openStream(base, agent);
    await t.app.bus.publish(event!);
    expect((await stream.next('stats')).data).toMatchObject({ plantIds: expect.arrayContaining([plants.LiveDelta]) });
    // the agent's scope holds none of it
    await t.app.bus.publish({
      type: 'stats',
      at: 9,
      orgIds: [orgs.get('SUNPATH')!],
      plants: [[plants.LiveSun!, orgs.get('SUNPATH')!]],
      faults: [],
    });
    const got = await agentStream.next('stats');
    expect(got.data).toMatchObject({ at: 9 });
    expect(agentStream.events.filter((e) => e.event === 'stats')).toHaveLength(1);
    stream.close();
    agentStream.close();
  });
});
