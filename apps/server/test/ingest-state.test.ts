import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, createDb } from '../src/db/dialect.js';
import { hashDeviceKey } from '../src/ingest/index.js';
import { buildTestApp, login, newDevice, type TestApp } from './helper.js';

/** Points that are not numbers, the run state a device reports, and late samples against the device's latest state. */
let t: TestApp;
let token: string;
const ids = new Map<string, number>();
const logDir = mkdtempSync(join(tmpdir(), 'pv-commits-'));
const commitLog = join(logDir, 'commits.log');

beforeAll(async () => {
  t = await buildTestApp({ INGEST_COMMIT_LOG: commitLog });
  token = await login(t.app, 'admin');
  const db = t.app.db;
  const org = await db.selectFrom('orgs').select('id').where('code', '=', 'SUNPATH').executeTakeFirstOrThrow();
  const add = async (sn: string) => {
    const { id } = await db
      .insertInto('devices')
      .values(newDevice({ sn, org_id: org.id, secret_hash: hashDeviceKey(sn) }))
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(sn, id);
    return id;
  };
  await add('STATE01');
  await add('STATE02');
  await add('STATE03');
  await add('STATE04');
  await add('STATE05');
  await add('STATE06');
  await add('STATE07');
  await add('STATE08');
});
afterAll(async () => {
  await t.close();
  rmSync(logDir, { recursive: true, force: true });
});

const T0 = Date.parse('2026-05-04T10:00:00Z');
const MIN = 60_000;
const device = (sn: string) =>
  t.app.db
    .selectFrom('devices')
    .select(['run_state', 'last_points', 'last_online_at'])
    .where('id', '=', ids.get(sn)!)
    .executeTakeFirstOrThrow();
const api = (url: string) =>
  t.app.inject({ method: 'GET', url: `/photo_voltaic${url}`, headers: { 'x-token': token } });

describe('points that are not numbers', () => {
  it('keeps a device’s own text and flag points in the sample and the latest points, and leaves them out of the rollups and the chartable points', async () => {
    await t.app.ingest.submit('STATE01', 'telemetry', {
      ts: T0,
      points: { acPower: 1500, energyTotal: 10, mode: 'grid-tied', fanOn: true, errorText: '' },
    });
    const sample = await t.app.db
      .selectFrom('samples')
      .select('points')
      .where('device_id', '=', ids.get('STATE01')!)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(sample.points)).toEqual({
      acPower: 1500,
      energyTotal: 10,
      mode: 'grid-tied',
      fanOn: true,
      errorText: '',
    });
    expect(JSON.parse((await device('STATE01')).last_points!)).toMatchObject({ mode: 'grid-tied', fanOn: true });
    const rollup = await t.app.db
      .selectFrom('device_rollup_5m')
      .select('points')
      .where('device_id', '=', ids.get('STATE01')!)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(rollup.points)).toEqual({ acPower: 1500, energyTotal: 10 });

    const detail = await api(`/devices/${ids.get('STATE01')}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.points).toMatchObject({ acPower: 1500, mode: 'grid-tied', fanOn: true });
    const points = await api(`/devices/${ids.get('STATE01')}/points`);
    expect(points.json().data.points).toEqual(['acPower', 'energyTotal']);
    const samples = await api(`/data/samples?deviceId=${ids.get('STATE01')}&start=${T0 - MIN}&end=${T0 + MIN}`);
    expect(samples.statusCode).toBe(200);
    expect(samples.json().data.rows[0].points).toMatchObject({ mode: 'grid-tied', fanOn: true });
  });

  it('rejects a known point that is not a number, and more than 200 points, storing nothing of the message', async () => {
    const before = t.app.ingest.stats.rejected;
    await expect(
      t.app.ingest.submit('STATE02', 'telemetry', { ts: T0, points: { acPower: 'high', note: 'x' } }),
    ).rejects.toThrow(/acPower/);
    const many = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`p${i}`, i]));
    await expect(t.app.ingest.submit('STATE02', 'telemetry', { ts: T0, points: many })).rejects.toThrow(/200/);
    await expect(
      t.app.ingest.submit('STATE02', 'telemetry', { ts: T0, points: { note: { nested: 1 } } }),
    ).rejects.toThrow();
    expect(t.app.ingest.stats.rejected).toBe(before + 3);
    expect(
      await t.app.db.selectFrom('samples').select('ts').where('device_id', '=', ids.get('STATE02')!).execute(),
    ).toEqual([]);
  });
});

describe('run state', () => {
  it('takes the run state a device reports (stop), derives run or normal without it, and keeps failure until the fault ends', async () => {
    await t.app.ingest.submit('STATE02', 'telemetry', { ts: T0, points: { acPower: 800 } });
    expect((await device('STATE02')).run_state).toBe('run');
    await t.app.ingest.submit('STATE02', 'telemetry', { ts: T0 + MIN, points: { acPower: 0 }, runState: 'stop' });
    expect((await device('STATE02')).run_state).toBe('stop');
    await t.app.ingest.submit('STATE02', 'telemetry', { ts: T0 + 2 * MIN, points: { acPower: 0 } });
    expect((await device('STATE02')).run_state).toBe('normal');
    await t.app.ingest.submit('STATE02', 'event', { type: 'fault', ts: T0 + 3 * MIN, code: 'E042' });
    await t.app.ingest.submit('STATE02', 'telemetry', { ts: T0 + 4 * MIN, points: { acPower: 0 }, runState: 'stop' });
    expect((await device('STATE02')).run_state).toBe('failure');
    await t.app.ingest.submit('STATE02', 'event', { type: 'recover', ts: T0 + 5 * MIN, code: 'E042' });
    await t.app.ingest.submit('STATE02', 'telemetry', { ts: T0 + 6 * MIN, points: { acPower: 0 }, runState: 'stop' });
    expect((await device('STATE02')).run_state).toBe('stop');
    // an unknown run state is malformed
    await expect(
      t.app.ingest.submit('STATE02', 'telemetry', { ts: T0 + 7 * MIN, points: {}, runState: 'failure' }),
    ).rejects.toThrow();
  });

  it('does not let a late sample overwrite the latest points and run state', async () => {
    await t.app.ingest.submit('STATE03', 'telemetry', { ts: T0 + 10 * MIN, points: { acPower: 0 }, runState: 'stop' });
    // an older sample arrives later (a device catching up after an outage)
    await t.app.ingest.submit('STATE03', 'telemetry', { ts: T0, points: { acPower: 2500 } });
    const d = await device('STATE03');
    expect(Number(d.last_online_at)).toBe(T0 + 10 * MIN);
    expect(d.run_state).toBe('stop');
    expect(JSON.parse(d.last_points!)).toEqual({ acPower: 0 });
    // it is stored all the same
    expect(
      (
        await t.app.db
          .selectFrom('samples')
          .select('ts')
          .where('device_id', '=', ids.get('STATE03')!)
          .orderBy('ts')
          .execute()
      ).map((r) => Number(r.ts)),
    ).toEqual([T0, T0 + 10 * MIN]);
    // the next newer sample moves them on
    await t.app.ingest.submit('STATE03', 'telemetry', { ts: T0 + 11 * MIN, points: { acPower: 900 } });
    expect((await device('STATE03')).run_state).toBe('run');
  });

  it('takes the latest points and run state from the stored sample: a repeated (device, ts) with other values changes nothing', async () => {
    // in one batch: the first of the two is stored
    await Promise.all([
      t.app.ingest.submit('STATE06', 'telemetry', { ts: T0, points: { acPower: 100 } }),
      t.app.ingest.submit('STATE06', 'telemetry', { ts: T0, points: { acPower: 0 }, runState: 'stop' }),
    ]);
    const stored = async () =>
      (
        await t.app.db.selectFrom('samples').select('points').where('device_id', '=', ids.get('STATE06')!).execute()
      ).map((r) => JSON.parse(r.points));
    expect(await stored()).toEqual([{ acPower: 100 }]);
    expect(await device('STATE06')).toMatchObject({ run_state: 'run', last_points: JSON.stringify({ acPower: 100 }) });
    // in a later batch
    await t.app.ingest.submit('STATE06', 'telemetry', { ts: T0, points: { acPower: 7 }, runState: 'stop' });
    expect(await stored()).toEqual([{ acPower: 100 }]);
    expect(await device('STATE06')).toMatchObject({ run_state: 'run', last_points: JSON.stringify({ acPower: 100 }) });
  });
});

describe('what the pipeline keeps between batches (SQLite: counters and the latest 5-minute bucket)', () => {
  const rollup = async (sn: string, bucket: number) =>
    t.app.db
      .selectFrom('device_rollup_5m')
      .select(['n', 'points'])
      .where('device_id', '=', ids.get(sn)!)
      .where('bucket', '=', bucket)
      .executeTakeFirstOrThrow();
  const energy = async (sn: string) =>
    (
      await t.app.db.selectFrom('device_daily').select('energy_kwh').where('device_id', '=', ids.get(sn)!).execute()
    ).reduce((a, r) => a + r.energy_kwh, 0);

  it('reads again what another process wrote to the database meanwhile', async () => {
    const send = (min: number, energyTotal: number, acPower: number) =>
      t.app.ingest.submit('STATE07', 'telemetry', { ts: T0 + min * MIN, points: { energyTotal, acPower } });
    await send(0, 10, 100);
    await send(1, 11, 100);
    expect(await energy('STATE07')).toBeCloseTo(1);
    // a second server process on the same database ingests the device meanwhile (its own connection)
    const other = createDb(t.config.databaseUrl).db;
    try {
      const id = ids.get('STATE07')!;
      await other
        .updateTable('device_counters')
        .set({ last_ts: T0 + 3 * MIN, last_total: 15 })
        .where('device_id', '=', id)
        .execute();
      await other
        .updateTable('device_rollup_5m')
        .set({ n: 4, points: JSON.stringify({ energyTotal: 13, acPower: 1000 }) })
        .where('device_id', '=', id)
        .where('bucket', '=', T0)
        .execute();
    } finally {
      await closeDb(other);
    }
    await send(4, 16, 6000);
    // 1 kWh from the reading it made, 1 more from the other process's last one (not 5 from its own)
    expect(await energy('STATE07')).toBeCloseTo(2);
    const r = await rollup('STATE07', T0);
    expect(r.n).toBe(5);
    expect(JSON.parse(r.points).acPower).toBeCloseTo((4 * 1000 + 6000) / 5);
  });

  it('forgets what a batch that rolled back had written', async () => {
    const id = ids.get('STATE08')!;
    await t.app.ingest.submit('STATE08', 'telemetry', { ts: T0 + MIN, points: { acPower: 100 } });
    // the OTA progress in the next batch cannot be stored: the whole batch rolls back
    const refuse =
      t.app.dialect === 'postgres'
        ? [
            "create function pv_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$",
            'create trigger pv_test_refuse before insert on ota_events for each row execute function pv_test_refuse()',
          ]
        : ["create trigger pv_test_refuse before insert on ota_events begin select raise(abort, 'refused'); end"];
    for (const q of refuse) await sql.raw(q).execute(t.app.db);
    try {
      const results = await Promise.allSettled([
        t.app.ingest.submit('STATE08', 'telemetry', { ts: T0 + 2 * MIN, points: { acPower: 1000 } }),
        t.app.ingest.submit('STATE08', 'event', { type: 'ota', ts: T0 + 2 * MIN, cmdId: 'none', progress: 10 }),
      ]);
      expect(results.map((x) => x.status)).toEqual(['rejected', 'rejected']);
    } finally {
      await sql
        .raw('drop trigger pv_test_refuse' + (t.app.dialect === 'postgres' ? ' on ota_events' : ''))
        .execute(t.app.db);
      if (t.app.dialect === 'postgres') await sql.raw('drop function pv_test_refuse').execute(t.app.db);
    }
    await t.app.ingest.submit('STATE08', 'telemetry', { ts: T0 + 3 * MIN, points: { acPower: 400 } });
    const r = await rollup('STATE08', T0);
    expect(r.n).toBe(2);
    expect(JSON.parse(r.points).acPower).toBeCloseTo(250);
    expect(
      (await t.app.db.selectFrom('samples').select('ts').where('device_id', '=', id).orderBy('ts').execute()).map((x) =>
        Number(x.ts),
      ),
    ).toEqual([T0 + MIN, T0 + 3 * MIN]);
  });
});

describe('late samples far from their neighbours', () => {
  // no plant: the default time zone, Asia/Shanghai (UTC+8); 02:00Z is 10:00 there
  const days = async (sn: string) =>
    (
      await t.app.db
        .selectFrom('device_daily')
        .select(['day', 'energy_kwh'])
        .where('device_id', '=', ids.get(sn)!)
        .orderBy('day')
        .execute()
    ).map((d) => [d.day, Math.round(d.energy_kwh * 1000) / 1000]);
  const send = (sn: string, iso: string, energyTotal: number) =>
    t.app.ingest.submit(sn, 'telemetry', { ts: Date.parse(iso), points: { energyTotal } });

  it('recounts every day between the samples around a late one, however far apart they are', async () => {
    await send('STATE04', '2026-05-01T02:00:00Z', 100);
    await send('STATE04', '2026-05-04T02:00:00Z', 160);
    // 60 kWh over 72 h: 14 h of May 1, 24 h of May 2 and 3, 10 h of May 4
    expect(await days('STATE04')).toEqual([
      ['2026-05-01', 11.667],
      ['2026-05-02', 20],
      ['2026-05-03', 20],
      ['2026-05-04', 8.333],
    ]);
    // the device's buffered reading of May 2 10:00 arrives: 30 kWh in the first 24 h, 30 in the next 48 h
    await send('STATE04', '2026-05-02T02:00:00Z', 130);
    expect(await days('STATE04')).toEqual([
      ['2026-05-01', 17.5],
      ['2026-05-02', 21.25],
      ['2026-05-03', 15],
      ['2026-05-04', 6.25],
    ]);
  });

  it('leaves the days as counted when they reach back to samples the archive may have removed', async () => {
    await send('STATE05', '2026-05-09T02:00:00Z', 100);
    await send('STATE05', '2026-05-12T02:00:00Z', 160);
    const counted = await days('STATE05');
    // the last archive run removed what was older than May 10 00:00Z
    await t.app.db
      .updateTable('archive_config')
      .set({ pruned_before: Date.parse('2026-05-10T00:00:00Z') })
      .where('id', '=', 1)
      .execute();
    try {
      await send('STATE05', '2026-05-10T02:00:00Z', 130);
      expect(await days('STATE05')).toEqual(counted);
    } finally {
      await t.app.db.updateTable('archive_config').set({ pruned_before: null }).where('id', '=', 1).execute();
    }
  });
});

describe('the commit log (INGEST_COMMIT_LOG)', () => {
  it('logs each committed batch with the received_at stamp its samples got, after the commit', async () => {
    const ts = Date.parse('2026-06-01T00:00:00Z');
    await Promise.all(
      [0, 1, 2].map((i) => t.app.ingest.submit('STATE01', 'telemetry', { ts: ts + i * MIN, points: { acPower: i } })),
    );
    const lines = readFileSync(commitLog, 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split(' ').map(Number));
    const rows = await t.app.db
      .selectFrom('samples')
      .select('received_at')
      .where('device_id', '=', ids.get('STATE01')!)
      .where('ts', '>=', ts)
      .execute();
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      const line = lines.find(([receivedAt]) => receivedAt === Number(r.received_at));
      expect(line).toBeDefined();
      expect(line![1]).toBeGreaterThanOrEqual(line![0]!);
      expect(line![2]).toBeGreaterThanOrEqual(1);
    }
  });
});
