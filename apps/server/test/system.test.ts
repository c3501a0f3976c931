import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneSamples, runArchive } from '../src/modules/system/archive.js';
import { buildTestApp, login, type TestApp } from './helper.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, 'admin');
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/photo_voltaic${url}`, headers: { 'x-token': token }, payload });
const good = {
  serviceAddress: 'mqtt://eu.pv.example:1883',
  username: 'eu-devices',
  userKey: 'secret-eu-key',
  httpPort: 8443,
  country: 'Germany',
  topic: 'pv/{sn}/up/telemetry',
};

describe('MQTT/HTTP endpoint records', () => {
  it('creates, lists (key masked without the sensitive grant), edits and deletes, with validation', async () => {
    const created = await call('POST', '/mqtt-configs', admin, good);
    expect(created.json().msg).toBe('Create Successful');
    const id = created.json().data.id;
    const badPort = await call('POST', '/mqtt-configs', admin, { ...good, httpPort: 70000 });
    expect(badPort.statusCode).toBe(400);
    expect(badPort.json().msg).toContain('between 1 and 65535');
    const badAddress = await call('POST', '/mqtt-configs', admin, { ...good, serviceAddress: 'http://x y' });
    expect(badAddress.json().msg).toContain('host name');
    expect((await call('GET', '/mqtt-configs?country=Germ', admin)).json().data.rows[0]).toMatchObject({
      id,
      userKey: 'secret-eu-key',
      country: 'Germany',
    });
    expect(
      (await call('GET', '/mqtt-configs?country=Germ', await login(t.app, 'viewer'))).json().data.rows[0].userKey,
    ).toBe('se******');
    expect((await call('POST', '/mqtt-configs', await login(t.app, 'viewer'), good)).statusCode).toBe(403);
    expect((await call('PUT', `/mqtt-configs/${id}`, admin, { ...good, country: 'Austria' })).json().msg).toBe(
      'Update Successful',
    );
    expect((await call('DELETE', `/mqtt-configs/${id}`, admin)).json().msg).toBe('Deleted Success');
    expect((await call('DELETE', `/mqtt-configs/${id}`, admin)).statusCode).toBe(404);
  });
});

describe('the embedded broker on a fresh demo', () => {
  it('is listed as an endpoint record: its real MQTT port, the HTTP port and the telemetry topic', async () => {
    const rows = (await call('GET', '/mqtt-configs?country=Default', admin)).json().data.rows;
    const port = t.app.deviceLink?.port;
    expect(port).toBeGreaterThan(0);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      serviceAddress: `mqtt://localhost:${port}`,
      topic: 'pv/{sn}/up/telemetry',
      username: '{sn}',
    });
    // written once: a restart adds no second record, and a deleted one does not come back
    await t.reopen();
    admin = await login(t.app, 'admin');
    expect((await call('GET', '/mqtt-configs?country=Default', admin)).json().data.total).toBe(1);
  });
});

describe('editing an endpoint record without its key', () => {
  it('keeps the stored key when the edit leaves it out, replaces it when given', async () => {
    const id = (await call('POST', '/mqtt-configs', admin, good)).json().data.id;
    const { userKey: _k, ...withoutKey } = good;
    expect(
      (await call('PUT', `/mqtt-configs/${id}`, admin, { ...withoutKey, topic: 'pv/{sn}/up/event' })).statusCode,
    ).toBe(200);
    const row = () =>
      call('GET', '/mqtt-configs?pageSize=100', admin).then((r) =>
        r.json().data.rows.find((x: { id: number }) => x.id === id),
      );
    expect(await row()).toMatchObject({ userKey: 'secret-eu-key', topic: 'pv/{sn}/up/event' });
    expect((await call('PUT', `/mqtt-configs/${id}`, admin, { ...good, userKey: 'rotated-key' })).statusCode).toBe(200);
    expect((await row()).userKey).toBe('rotated-key');
    // an empty key is refused, not stored
    expect((await call('PUT', `/mqtt-configs/${id}`, admin, { ...good, userKey: '' })).statusCode).toBe(400);
    await call('DELETE', `/mqtt-configs/${id}`, admin);
  });
});

describe('archive', () => {
  it('keeps the configuration and prunes raw samples past the retention, keeping rollups', async () => {
    expect(
      (
        await call('PUT', '/archive-config', admin, {
          filingRate: 'daily',
          storageMedium: 'database',
          retentionDays: 0,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call('PUT', '/archive-config', admin, {
          filingRate: 'daily',
          storageMedium: 'database',
          retentionDays: 30,
        })
      ).json().msg,
    ).toBe('Setting Is Successful');
    const device = await t.app.db.selectFrom('devices').select('id').orderBy('id').executeTakeFirstOrThrow();
    const now = Date.now();
    await t.app.db
      .insertInto('samples')
      .values([
        { device_id: device.id, ts: now - 40 * 86_400_000, points: '{}', received_at: now },
        { device_id: device.id, ts: now - 10 * 86_400_000, points: '{}', received_at: now },
      ])
      .execute();
    await t.app.db
      .insertInto('device_daily')
      .values({ device_id: device.id, day: '2020-01-01', energy_kwh: 5, updated_at: now })
      .execute();
    expect(await pruneSamples(t.app.db, now)).toBe(1);
    const left = await t.app.db.selectFrom('samples').select('ts').where('device_id', '=', device.id).execute();
    expect(left.map((s) => s.ts)).toEqual([now - 10 * 86_400_000]);
    expect(
      await t.app.db.selectFrom('device_daily').select('day').where('day', '=', '2020-01-01').executeTakeFirst(),
    ).toBeTruthy();
    const cfg = (await call('GET', '/archive-config', admin)).json().data;
    expect(cfg).toMatchObject({ retentionDays: 30, lastPruned: 1 });
    expect(cfg.lastFiledAt).toBe(now);
  });

  it('files the samples past the retention to a gzip file before removing them (medium "file")', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pv-archive-'));
    try {
      expect(
        (
          await call('PUT', '/archive-config', admin, {
            filingRate: 'hourly',
            storageMedium: 'file',
            retentionDays: 30,
          })
        ).statusCode,
      ).toBe(200);
      const device = await t.app.db.selectFrom('devices').select(['id', 'sn']).orderBy('id').executeTakeFirstOrThrow();
      const now = Date.now();
      const old = [now - 45 * 86_400_000, now - 40 * 86_400_000, now - 35 * 86_400_000];
      await t.app.db
        .insertInto('samples')
        .values([
          ...old.map((ts, i) => ({
            device_id: device.id,
            ts,
            points: JSON.stringify({ acPower: 100 + i }),
            received_at: now - 1000,
          })),
          { device_id: device.id, ts: now - 86_400_000, points: '{"acPower":7}', received_at: now - 1000 },
        ])
        .execute();
      const run = await runArchive(t.app.db, now, { archiveDir: dir, force: true });
      expect(run).toMatchObject({ pruned: 3 });
      expect(readdirSync(dir)).toEqual([run!.file!.split('/').pop()]);
      const lines = gunzipSync(readFileSync(run!.file!))
        .toString()
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(lines).toEqual(old.map((ts, i) => ({ sn: device.sn, ts, points: { acPower: 100 + i } })));
      const left = (await t.app.db.selectFrom('samples').select('ts').where('device_id', '=', device.id).execute()).map(
        (r) => Number(r.ts),
      );
      expect(left).toContain(now - 86_400_000);
      expect(left.filter((ts) => ts < now - 30 * 86_400_000)).toEqual([]);

      // hourly: not due again within the hour; due after it (and nothing left to file: no empty file)
      expect(await runArchive(t.app.db, now + 30 * 60_000, { archiveDir: dir })).toBeNull();
      expect(await runArchive(t.app.db, now + 3_600_000, { archiveDir: dir })).toEqual({ pruned: 0, file: null });
      expect(readdirSync(dir)).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await call('PUT', '/archive-config', admin, {
        filingRate: 'daily',
        storageMedium: 'database',
        retentionDays: 30,
      });
    }
  });
});
