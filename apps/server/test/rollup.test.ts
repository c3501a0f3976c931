import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashDeviceKey } from '../src/ingest/index.js';
import { bucketOf, mergeBucket } from '../src/ingest/rollup.js';
import { pruneSamples } from '../src/modules/system/archive.js';
import { buildTestApp, newDevice, type TestApp } from './helper.js';

let t: TestApp;
const ids = new Map<string, number>();

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.db;
  const org = await db.selectFrom('orgs').select('id').where('code', '=', 'SUNPATH').executeTakeFirstOrThrow();
  const { id: plantId } = await db
    .insertInto('plants')
    .values({
      org_id: org.id,
      name: 'Rollup plant',
      capacity_wp: 5000,
      country: 'CN',
      time_zone: 'Asia/Shanghai',
      latitude: 31.2,
      longitude: 121.5,
      address: 'Shanghai',
      install_position: 'roof',
      installed_at: null,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const add = async (sn: string) => {
    const { id } = await db
      .insertInto('devices')
      .values(newDevice({ sn, org_id: org.id, plant_id: plantId, secret_hash: hashDeviceKey(sn) }))
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(sn, id);
    return id;
  };
  await add('ROLL01');
});
afterAll(async () => t.close());

const T0 = Date.parse('2026-05-04T10:00:00Z');
const MIN = 60_000;
const send = (sn: string, ts: number, points: Record<string, number>) =>
  t.app.ingest.submit(sn, 'telemetry', { ts, points });
const rollups = async (sn: string) =>
  (
    await t.app.db
      .selectFrom('device_rollup_5m')
      .selectAll()
      .where('device_id', '=', ids.get(sn)!)
      .orderBy('bucket')
      .execute()
  ).map((r) => ({
    bucket: r.bucket,
    n: r.n,
    points: JSON.parse(r.points) as Record<string, number>,
    pointN: r.point_n ? (JSON.parse(r.point_n) as Record<string, number>) : null,
  }));

describe('5-minute rollups', () => {
  it('buckets by the 5-minute start in epoch ms', () => {
    expect(bucketOf(T0)).toBe(T0);
    expect(bucketOf(T0 + 4 * MIN + 59_999)).toBe(T0);
    expect(bucketOf(T0 + 5 * MIN)).toBe(T0 + 5 * MIN);
  });

  it('averages every numeric point of the samples stored in each bucket', async () => {
    // 10:00, 10:01, 10:04:59.999 in one bucket; 10:05 in the next; temperature only in one sample
    await send('ROLL01', T0, { acPower: 100, energyTotal: 10 });
    await send('ROLL01', T0 + MIN, { acPower: 200, energyTotal: 10.5, temperature: 40 });
    await send('ROLL01', T0 + 5 * MIN - 1, { acPower: 600, energyTotal: 11.5 });
    await send('ROLL01', T0 + 5 * MIN, { acPower: 1000, energyTotal: 12, vendorX: -3 });
    const rows = await rollups('ROLL01');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ bucket: T0, n: 3, pointN: { temperature: 1 } });
    expect(rows[0]!.points.acPower).toBeCloseTo(300, 9); // (100 + 200 + 600) / 3
    expect(rows[0]!.points.energyTotal).toBeCloseTo(32 / 3, 9); // (10 + 10.5 + 11.5) / 3
    expect(rows[0]!.points.temperature).toBeCloseTo(40, 9);
    // unknown points roll up too
    expect(rows[1]).toEqual({
      bucket: T0 + 5 * MIN,
      n: 1,
      points: { acPower: 1000, energyTotal: 12, vendorX: -3 },
      pointN: null,
    });
  });

  it('does not average a repeated (device, ts) twice, across batches or in one batch', async () => {
    // a resend with other values is the same sample: the stored one stays, the bucket too
    await send('ROLL01', T0 + MIN, { acPower: 9999, energyTotal: 99 });
    // the same new sample twice in one batch counts once
    await Promise.all([
      send('ROLL01', T0 + 6 * MIN, { acPower: 2000 }),
      send('ROLL01', T0 + 6 * MIN, { acPower: 2000 }),
    ]);
    const rows = await rollups('ROLL01');
    expect(rows[0]!.n).toBe(3);
    expect(rows[0]!.points.acPower).toBeCloseTo(300, 9);
    expect(rows[1]!.n).toBe(2);
    expect(rows[1]!.points.acPower).toBeCloseTo(1500, 9); // (1000 + 2000) / 2
    expect(rows[1]!.points.vendorX).toBeCloseTo(-3, 9); // only in the first of the two samples
    expect(rows[1]!.pointN).toEqual({ energyTotal: 1, vendorX: 1 });
  });

  it('adds a late sample into its old bucket with the right weights', async () => {
    // newer data first, then a sample of 10:03 arrives late
    await send('ROLL01', T0 + 30 * MIN, { acPower: 50 });
    await send('ROLL01', T0 + 3 * MIN, { acPower: 1100, energyTotal: 11, temperature: 20 });
    const rows = await rollups('ROLL01');
    expect(rows.map((r) => r.bucket)).toEqual([T0, T0 + 5 * MIN, T0 + 30 * MIN]);
    expect(rows[0]!.n).toBe(4);
    expect(rows[0]!.points.acPower).toBeCloseTo(500, 9); // (100 + 200 + 600 + 1100) / 4
    expect(rows[0]!.points.energyTotal).toBeCloseTo(43 / 4, 9); // (10 + 10.5 + 11.5 + 11) / 4
    expect(rows[0]!.points.temperature).toBeCloseTo(30, 9); // (40 + 20) / 2: two of the four samples had it
    expect(rows[0]!.pointN).toEqual({ temperature: 2 });
  });

  it('keeps the rollups when the archive prunes the raw samples', async () => {
    const before = await rollups('ROLL01');
    const removed = await pruneSamples(t.app.db, Date.now() + 10_000 * 86_400_000);
    expect(removed).toBeGreaterThan(0);
    expect(
      await t.app.db.selectFrom('samples').select('ts').where('device_id', '=', ids.get('ROLL01')!).execute(),
    ).toHaveLength(0);
    expect(await rollups('ROLL01')).toEqual(before);
  });
});

describe('merging a bucket', () => {
  it('weights stored averages by the samples that carried each point', () => {
    const stored = { n: 4, points: JSON.stringify({ a: 10, b: 2 }), point_n: JSON.stringify({ b: 1 }) };
    const merged = mergeBucket(stored, {
      deviceId: 1,
      bucket: 0,
      n: 2,
      sums: new Map([
        ['a', 40],
        ['b', 4],
        ['c', 6],
      ]),
      counts: new Map([
        ['a', 2],
        ['b', 2],
        ['c', 1],
      ]),
    });
    expect(merged.n).toBe(6);
    expect(JSON.parse(merged.points)).toEqual({ a: 80 / 6, b: 2, c: 6 });
    expect(JSON.parse(merged.point_n!)).toEqual({ b: 3, c: 1 });
    // merging again from the bucket just made (kept parsed between batches) or from its stored text: the same
    const more = { deviceId: 1, bucket: 0, n: 1, sums: new Map([['a', 1]]), counts: new Map([['a', 1]]) };
    const fromText = mergeBucket({ n: merged.n, points: merged.points, point_n: merged.point_n }, more);
    const fromParsed = mergeBucket(merged, more);
    expect(fromParsed).toEqual(fromText);
    expect(JSON.parse(fromText.points)).toEqual({ a: 81 / 7, b: 2, c: 6 });
    expect(JSON.parse(fromText.point_n!)).toEqual({ b: 3, c: 1 });
  });
});
