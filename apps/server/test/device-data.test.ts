import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from './helper.js';

let t: TestApp;
let admin: string;
let agent: string;
let viewer: string;
beforeAll(async () => {
  t = await buildTestApp({ SIMULATOR: 'false' });
  [admin, agent, viewer] = await Promise.all([login(t.app, 'admin'), login(t.app, 'agent'), login(t.app, 'viewer')]);
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/photo_voltaic${url}`, headers: { 'x-token': token }, payload });
const get = (url: string, token: string) => call('GET', url, token);
const orgId = async (code: string) =>
  (await t.app.db.selectFrom('orgs').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const deltaDevice = async () =>
  (
    await t.app.db
      .selectFrom('devices as d')
      .innerJoin('orgs as o', 'o.id', 'd.org_id')
      .select('d.id')
      .where('o.code', '=', 'DELTA')
      .orderBy('d.id')
      .executeTakeFirstOrThrow()
  ).id;
async function readXlsx(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('device detail', () => {
  it("answers the device's production today, this month, this year and in total on its plant's calendar", async () => {
    const { localDay } = await import('@pv/contract');
    const d = await t.app.db
      .selectFrom('devices as d')
      .innerJoin('plants as p', 'p.id', 'd.plant_id')
      .select(['d.id', 'p.time_zone'])
      .where('d.type', '=', 'inverter')
      .orderBy('d.id')
      .executeTakeFirstOrThrow();
    await t.app.db.deleteFrom('device_daily').where('device_id', '=', d.id).execute();
    const today = localDay(Date.now(), d.time_zone);
    const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    // a day earlier this month (or the 1st when today is the 1st), last month, last year
    const earlierThisMonth = today.slice(8) === '01' ? null : `${today.slice(0, 7)}-01`;
    const lastMonth = m === 1 ? null : `${y}-${String(m - 1).padStart(2, '0')}-15`;
    const lastYear = `${y - 1}-06-30`;
    const rows = [
      { day: today, kWh: 4.5 },
      ...(earlierThisMonth ? [{ day: earlierThisMonth, kWh: 10 }] : []),
      ...(lastMonth ? [{ day: lastMonth, kWh: 100 }] : []),
      { day: lastYear, kWh: 1000 },
    ];
    await t.app.db
      .insertInto('device_daily')
      .values(rows.map((r) => ({ device_id: d.id, day: r.day, energy_kwh: r.kWh, updated_at: Date.now() })))
      .execute();
    const res = await get(`/devices/${d.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.energy).toEqual({
      today: 4.5,
      month: 4.5 + (earlierThisMonth ? 10 : 0),
      year: 4.5 + (earlierThisMonth ? 10 : 0) + (lastMonth ? 100 : 0),
      total: 4.5 + (earlierThisMonth ? 10 : 0) + (lastMonth ? 100 : 0) + 1000,
    });
  });
});

describe('device list filters, sort and export', () => {
  it('filters by product, organisation and plant keyword, in SQL and within the scope', async () => {
    const all = (await get('/devices?pageSize=500', admin)).json().data;
    expect(all.total).toBeGreaterThan(10);
    const withProduct = all.rows.find((r: { productId: number | null }) => r.productId !== null);
    expect(withProduct).toBeTruthy();
    const byProduct = (await get(`/devices?pageSize=500&productId=${withProduct.productId}`, admin)).json().data;
    expect(byProduct.total).toBe(
      all.rows.filter((r: { productId: number | null }) => r.productId === withProduct.productId).length,
    );

    const delta = await orgId('DELTA');
    const byOrg = (await get(`/devices?pageSize=500&orgId=${delta}`, admin)).json().data;
    expect(byOrg.total).toBeGreaterThan(0);
    expect(byOrg.rows.every((r: { orgId: number }) => r.orgId === delta)).toBe(true);
    // the agent's scope does not reach Delta: the same filter answers nothing
    expect((await get(`/devices?orgId=${delta}`, agent)).json().data.total).toBe(0);

    const plantName: string = all.rows.find((r: { plantName: string | null }) => r.plantName).plantName;
    const keyword = plantName.slice(1, 6);
    const byPlant = (await get(`/devices?pageSize=500&plant=${encodeURIComponent(keyword)}`, admin)).json().data;
    expect(byPlant.total).toBeGreaterThan(0);
    expect(byPlant.rows.every((r: { plantName: string }) => r.plantName.includes(keyword))).toBe(true);
  });

  it('sorts by SN both ways and counts sub devices; a collector lists its sub devices', async () => {
    const asc = (await get('/devices?pageSize=500&sortField=sn&sortOrder=asc', admin))
      .json()
      .data.rows.map((r: { sn: string }) => r.sn);
    const desc = (await get('/devices?pageSize=500&sortField=sn&sortOrder=desc', admin))
      .json()
      .data.rows.map((r: { sn: string }) => r.sn);
    expect(asc).toEqual([...asc].sort());
    expect(desc).toEqual([...asc].reverse());
    expect((await get('/devices?sortField=bogus', admin)).statusCode).toBe(400);

    const collector = (await get('/devices?type=collector&pageSize=500', admin))
      .json()
      .data.rows.find((r: { parentSn: string | null; subCount: number }) => r.subCount > 0);
    expect(collector).toBeTruthy();
    const subs = (await get(`/devices?parentId=${collector.id}&pageSize=500`, admin)).json().data;
    expect(subs.total).toBe(collector.subCount);
    expect(subs.rows.every((r: { parentSn: string }) => r.parentSn === collector.sn)).toBe(true);
  });

  it('exports the filtered list as .xlsx (device:export), only the caller’s scope', async () => {
    const res = await get('/devices/export?type=inverter', agent);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readXlsx(res.rawPayload);
    const listed = (await get('/devices?type=inverter&pageSize=500', agent)).json().data;
    expect(rows[0]).toContain('SN');
    expect(rows.length - 1).toBe(listed.total);
    const sns = new Set(rows.slice(1).map((r) => r[2]));
    expect(listed.rows.every((r: { sn: string }) => sns.has(r.sn))).toBe(true);
    expect(rows[1]).toContain('inverter');

    const zh = await t.app.inject({
      method: 'GET',
      url: '/photo_voltaic/devices/export?type=inverter',
      headers: { 'x-token': agent, 'accept-language': 'zh' },
    });
    expect((await readXlsx(zh.rawPayload))[0]).toContain('设备名称');
    expect((await get('/devices/export', viewer)).statusCode).toBe(403);
  });
});

describe('data overview: point history from the 5-minute rollups', () => {
  let id: number;
  const FIVE = 300_000;
  const HOUR = 3_600_000;
  beforeAll(async () => {
    id = (await call('POST', '/devices', admin, { sn: 'HIST-001', name: 'History inverter', type: 'inverter' })).json()
      .data.id;
  });

  it('answers 5-minute averages for real time and hourly sample-weighted averages for 7 days', async () => {
    const now = Date.now();
    const b = Math.floor(now / FIVE) * FIVE;
    const hour = Math.floor((now - 2 * 86_400_000) / HOUR) * HOUR; // an hour two days ago
    await t.app.db
      .insertInto('device_rollup_5m')
      .values([
        { device_id: id, bucket: b - FIVE, n: 3, points: JSON.stringify({ acPower: 1000, temperature: 40 }) },
        { device_id: id, bucket: b, n: 1, points: JSON.stringify({ acPower: 1600 }) },
        // too old for real time (3 hours), inside 1 day
        { device_id: id, bucket: b - 5 * HOUR, n: 2, points: JSON.stringify({ acPower: 500 }) },
        // one hour, three buckets: (100·2 + 200·1) / 3; the bucket without acPower does not count
        { device_id: id, bucket: hour, n: 2, points: JSON.stringify({ acPower: 100 }) },
        { device_id: id, bucket: hour + FIVE, n: 1, points: JSON.stringify({ acPower: 200 }) },
        { device_id: id, bucket: hour + 2 * FIVE, n: 5, points: JSON.stringify({ temperature: 30 }) },
        // 6 samples, only 2 of them with acPower (point_n): the hour after weighs 2, not 6
        {
          device_id: id,
          bucket: hour + HOUR,
          n: 6,
          points: JSON.stringify({ acPower: 90, temperature: 20 }),
          point_n: JSON.stringify({ acPower: 2 }),
        },
        { device_id: id, bucket: hour + HOUR + FIVE, n: 2, points: JSON.stringify({ acPower: 30 }) },
        // outside 7 days, inside 30
        { device_id: id, bucket: hour - 10 * 86_400_000, n: 4, points: JSON.stringify({ acPower: 50 }) },
      ])
      .execute();

    const rt = (await get(`/devices/${id}/history?point=acPower&range=0`, admin)).json().data;
    expect(rt.stepMs).toBe(FIVE);
    expect(rt.series).toEqual([
      [b - FIVE, 1000],
      [b, 1600],
    ]);
    const day = (await get(`/devices/${id}/history?point=acPower&range=1`, admin)).json().data;
    expect(day.series).toEqual([
      [b - 5 * HOUR, 500],
      [b - FIVE, 1000],
      [b, 1600],
    ]);

    const week = (await get(`/devices/${id}/history?point=acPower&range=7`, admin)).json().data;
    expect(week.stepMs).toBe(HOUR);
    const at = week.series.find(([ts]: [number]) => ts === hour);
    expect(at[1]).toBeCloseTo(400 / 3, 6);
    // (90·2 + 30·2) / 4, not (90·6 + 30·2) / 8
    expect(week.series.find(([ts]: [number]) => ts === hour + HOUR)[1]).toBeCloseTo(60, 6);
    // the two recent buckets share an hour ((1000·3 + 1600·1) / 4) unless an hour starts between them
    const h1 = Math.floor((b - FIVE) / HOUR) * HOUR;
    const h2 = Math.floor(b / HOUR) * HOUR;
    const recent = week.series.filter(([ts]: [number]) => ts >= h1);
    if (h1 === h2) expect(recent).toEqual([[h1, 4600 / 4]]);
    else
      expect(recent).toEqual([
        [h1, 1000],
        [h2, 1600],
      ]);
    expect(week.series.some(([ts]: [number]) => ts < hour)).toBe(false);

    const month = (await get(`/devices/${id}/history?point=acPower&range=30`, admin)).json().data;
    expect(month.series[0]).toEqual([hour - 10 * 86_400_000, 50]);
    const temp = (await get(`/devices/${id}/history?point=temperature&range=7`, admin)).json().data;
    expect(temp.series.find(([ts]: [number]) => ts === hour)[1]).toBe(30);
  });

  it('lists the point names of the device', async () => {
    expect((await get(`/devices/${id}/points`, admin)).json().data.points).toEqual(['acPower']);
    await t.app.db
      .updateTable('devices')
      .set({ last_points: JSON.stringify({ gridVoltage: 230, acPower: 1 }) })
      .where('id', '=', id)
      .execute();
    expect((await get(`/devices/${id}/points`, admin)).json().data.points).toEqual(['acPower', 'gridVoltage']);
  });

  it('refuses a range outside §9 and a bad point (400), and a device outside the scope (404)', async () => {
    const bad = await get(`/devices/${id}/history?point=acPower&range=2`, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('real time, 1, 7, 15 or 30 days');
    expect(
      (await get(`/devices/${id}/history?point=${encodeURIComponent("x') or 1=1 --")}&range=1`, admin)).statusCode,
    ).toBe(400);
    const other = await deltaDevice();
    expect((await get(`/devices/${other}/history?point=acPower&range=1`, agent)).statusCode).toBe(404);
    expect((await get(`/devices/${other}/points`, agent)).statusCode).toBe(404);
  });
});

describe('data acquisition: raw samples', () => {
  let id: number;
  const t0 = Date.UTC(2026, 10, 20, 0, 0, 0);
  beforeAll(async () => {
    id = (await call('POST', '/devices', admin, { sn: 'SAMP-001', name: 'Samples inverter', type: 'inverter' })).json()
      .data.id;
    const rows = Array.from({ length: 250 }, (_, i) => ({
      device_id: id,
      ts: t0 + i * 10_000,
      received_at: t0 + i * 10_000 + 5,
      points: JSON.stringify(i % 2 ? { acPower: i, temperature: 30 } : { acPower: i, extraPoint: i * 2 }),
    }));
    for (let i = 0; i < rows.length; i += 100)
      await t.app.db
        .insertInto('samples')
        .values(rows.slice(i, i + 100))
        .execute();
  });

  it('pages the samples of a range newest first, with the page’s point columns', async () => {
    const q = `deviceId=${id}&start=${t0}&end=${t0 + 249 * 10_000}`;
    const p1 = (await get(`/data/samples?${q}&pageSize=100`, admin)).json().data;
    expect(p1.total).toBe(250);
    expect(p1.rows).toHaveLength(100);
    expect(p1.rows[0]).toMatchObject({ ts: t0 + 249 * 10_000, points: { acPower: 249, temperature: 30 } });
    expect(p1.points).toEqual(['acPower', 'extraPoint', 'temperature']);
    const p3 = (await get(`/data/samples?${q}&pageSize=100&pageNum=3`, admin)).json().data;
    expect(p3.rows).toHaveLength(50);
    expect(p3.rows.at(-1).ts).toBe(t0);
    // a narrower range
    const narrow = (await get(`/data/samples?deviceId=${id}&start=${t0 + 100_000}&end=${t0 + 199_999}`, admin)).json()
      .data;
    expect(narrow.total).toBe(10);
    expect(narrow.rows.map((r: { ts: number }) => r.ts)).toEqual(
      Array.from({ length: 10 }, (_, i) => t0 + (19 - i) * 10_000),
    );
  });

  it('refuses a reversed or too long range (400) and a device outside the scope (404); viewer may list, not export', async () => {
    const rev = await get(`/data/samples?deviceId=${id}&start=${t0}&end=${t0 - 1}`, admin);
    expect(rev.statusCode).toBe(400);
    expect(rev.json().msg).toContain('at most 31 days');
    expect((await get(`/data/samples?deviceId=${id}&start=0&end=${t0}`, admin)).statusCode).toBe(400);
    expect(
      (await get(`/data/samples?deviceId=${await deltaDevice()}&start=${t0}&end=${t0 + 1000}`, agent)).statusCode,
    ).toBe(404);
    expect((await get(`/data/samples?deviceId=${id}&start=${t0}&end=${t0 + 1000}`, viewer)).statusCode).toBe(200);
    expect((await get(`/data/samples/export?deviceId=${id}&start=${t0}&end=${t0 + 1000}`, viewer)).statusCode).toBe(
      403,
    );
  });

  it('exports the range as .xlsx with one column per point, newest first', async () => {
    const res = await get(`/data/samples/export?deviceId=${id}&start=${t0}&end=${t0 + 249 * 10_000}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('samples-SAMP-001.xlsx');
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(['Time (UTC)', 'acPower', 'extraPoint', 'temperature']);
    expect(rows).toHaveLength(251);
    expect((rows[1]![0] as Date).getTime()).toBe(t0 + 249 * 10_000);
    expect(rows[1]!.slice(1)).toEqual([249, undefined, 30]);
    expect(rows[2]!.slice(1)).toEqual([248, 496]);
    expect((rows[250]![0] as Date).getTime()).toBe(t0);
  });
});
