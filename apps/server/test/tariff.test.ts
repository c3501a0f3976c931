import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from './helper.js';

const BASE = '/photo_voltaic';
const peakOffPeak = [
  { name: 'peak', from: '08:00', to: '20:00', price: '0.30' },
  { name: 'offPeak', from: '20:00', to: '08:00', price: '0.10' },
];

describe('power companies, electricity prices and revenue', () => {
  let t: TestApp;
  let admin: string;
  let jobTick = 0;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await login(t.app, 'admin');
    // the demo's tariffs are checked on their own below; these cases start from none
    // the demo seeds its power companies and gives its plants theirs by time zone
    expect((await call('GET', '/power-companies')).json().data.total).toBe(6);
    const seeded = await t.app.db
      .selectFrom('plants')
      .select(['time_zone', 'currency'])
      .where('power_company_id', 'is not', null)
      .execute();
    expect(seeded.length).toBeGreaterThan(0);
    for (const p of seeded)
      expect(p.currency).toBe(
        { 'Asia/Shanghai': 'CNY', 'Asia/Tokyo': 'JPY', 'Asia/Kolkata': 'INR' }[p.time_zone] ?? p.currency,
      );
    await t.app.jobs.idle();
    await t.app.db.updateTable('plants').set({ power_company_id: null, price_area: null, currency: null }).execute();
    await t.app.db.deleteFrom('plant_revenue_daily').execute();
    await t.app.db.deleteFrom('electricity_prices').execute();
    await t.app.db.deleteFrom('power_companies').execute();
    await runRevenueJob();
  });
  afterAll(async () => t.close());

  const call = (method: string, url: string, payload?: object, lang = 'en', token = admin) =>
    t.app.inject({
      method: method as 'GET',
      url: `${BASE}${url}`,
      headers: { 'x-token': token, 'accept-language': lang },
      ...(payload && { payload }),
    });
  /** one run of the revenue job in this process, now (waits for one a price change started) */
  const runRevenueJob = async () => {
    for (;;) {
      await t.app.jobs.idle();
      const r = await t.app.jobs.tick('revenue', Date.now() + ++jobTick * 3_600_000);
      if (r.error) throw r.error;
      if (r.ran) return;
    }
  };
  /** a plant with one inverter of its own (the demo fleet's) and no rollups yet */
  const plantWithInverter = async (skip: number[] = []) => {
    const row = await t.app.db
      .selectFrom('devices')
      .select(['plant_id', 'id'])
      .where('type', '=', 'inverter')
      .where('plant_id', 'is not', null)
      .where('plant_id', 'not in', skip.length ? skip : [0])
      .orderBy('plant_id')
      .executeTakeFirstOrThrow();
    const plantId = row.plant_id!;
    const inverters = await t.app.db
      .selectFrom('devices')
      .select('id')
      .where('plant_id', '=', plantId)
      .where('type', '=', 'inverter')
      .execute();
    await t.app.db
      .deleteFrom('device_rollup_5m')
      .where(
        'device_id',
        'in',
        inverters.map((i) => i.id),
      )
      .execute();
    await t.app.db
      .deleteFrom('device_daily')
      .where(
        'device_id',
        'in',
        inverters.map((i) => i.id),
      )
      .execute();
    return { plantId, inverterId: row.id };
  };
  /** `w` watts in each 5-minute bucket of [from, to) (12 kW for 5 minutes = 1 kWh) */
  const rollups = async (deviceId: number, from: string, to: string, w = 12_000) => {
    const rows = [];
    for (let b = Date.parse(from); b < Date.parse(to); b += 300_000)
      rows.push({ device_id: deviceId, bucket: b, n: 1, points: JSON.stringify({ acPower: w }), point_n: null });
    for (let i = 0; i < rows.length; i += 200)
      await t.app.db
        .insertInto('device_rollup_5m')
        .values(rows.slice(i, i + 200))
        .execute();
  };
  const setTariff = async (plantId: number, tariff: object, timeZone?: string) => {
    const p = (await call('GET', `/plants/${plantId}`)).json().data;
    return call('PUT', `/plants/${plantId}`, {
      name: p.name,
      capacityKw: p.capacityKw,
      country: p.country,
      timeZone: timeZone ?? p.timeZone,
      address: p.address,
      ...tariff,
    });
  };

  let berlin: number;
  let usa: number;

  it('creates power companies, refusing a bad currency or no area (translated)', async () => {
    const bad = await call(
      'POST',
      '/power-companies',
      { name: 'X', country: 'DE', currency: 'EURO', priceAreas: [] },
      'zh',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/币种|电价区域/);
    const res = await call('POST', '/power-companies', {
      name: 'Stadtwerke Berlin',
      country: 'DE',
      currency: 'EUR',
      priceAreas: ['Berlin', 'Brandenburg'],
    });
    expect(res.statusCode).toBe(200);
    berlin = res.json().data.id;
    expect(res.json().data).toMatchObject({ currency: 'EUR', priceAreas: ['Berlin', 'Brandenburg'], plants: 0 });
    usa = (
      await call('POST', '/power-companies', {
        name: 'Pacific Power',
        country: 'US',
        currency: 'USD',
        priceAreas: ['CA'],
      })
    ).json().data.id;
    const list = (await call('GET', '/power-companies?keyword=pacific')).json().data;
    expect(list.rows.map((r: { name: string }) => r.name)).toEqual(['Pacific Power']);
  });

  it('exports the filtered companies with headers in the caller’s language', async () => {
    const res = await call('GET', '/power-companies/export?keyword=stadtwerke', undefined, 'zh');
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.name).toBe('电力公司');
    expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['电力公司', '国家', '币种']);
    expect(sheet.rowCount).toBe(2);
    expect((sheet.getRow(2).values as unknown[]).slice(1, 5)).toEqual([
      'Stadtwerke Berlin',
      'DE',
      'EUR',
      'Berlin, Brandenburg',
    ]);
  });

  it('refuses periods that leave a gap or overlap, in en, zh, es and ja, and stores nothing', async () => {
    const gap = [
      { name: 'peak', from: '08:00', to: '20:00', price: '0.30' },
      { name: 'offPeak', from: '21:00', to: '08:00', price: '0.10' },
    ];
    const overlap = [
      { name: 'peak', from: '08:00', to: '20:00', price: '0.30' },
      { name: 'offPeak', from: '19:00', to: '08:00', price: '0.10' },
    ];
    const expected = {
      en: 'Time period setting must be correct',
      zh: '请正确设置时间段',
      es: 'La configuración de los periodos horarios debe ser correcta',
      ja: '時間帯の設定を正しくしてください',
    };
    for (const periods of [gap, overlap])
      for (const [lang, text] of Object.entries(expected)) {
        const res = await call(
          'POST',
          '/electricity-prices',
          { companyId: berlin, area: 'Berlin', validFrom: '2026-01-01', periods },
          lang,
        );
        expect(res.statusCode).toBe(400);
        expect(res.json().msg).toContain(text);
      }
    // weekday periods alone leave the weekends uncovered
    const weekdaysOnly = await call('POST', '/electricity-prices', {
      companyId: berlin,
      area: 'Berlin',
      validFrom: '2026-01-01',
      periods: peakOffPeak.map((p) => ({ ...p, days: 'weekdays' })),
    });
    expect(weekdaysOnly.statusCode).toBe(400);
    expect((await call('GET', `/electricity-prices?companyId=${berlin}`)).json().data.total).toBe(0);
  });

  it('refuses an area the company does not have and validity ranges that overlap in one area', async () => {
    const unknown = await call('POST', '/electricity-prices', {
      companyId: berlin,
      area: 'Hamburg',
      validFrom: '2026-01-01',
      periods: peakOffPeak,
    });
    expect(unknown.statusCode).toBe(400);
    const first = await call('POST', '/electricity-prices', {
      companyId: berlin,
      area: 'Berlin',
      validFrom: '2026-01-01',
      validTo: '2026-12-31',
      periods: peakOffPeak,
    });
    expect(first.statusCode).toBe(200);
    const clash = await call(
      'POST',
      '/electricity-prices',
      { companyId: berlin, area: 'Berlin', validFrom: '2026-06-01', periods: peakOffPeak },
      'zh',
    );
    expect(clash.statusCode).toBe(400);
    expect(clash.json().msg).toContain('2026-01-01');
    expect(clash.json().msg).toContain('请正确设置时间段');
    // another area, or the purchase price of the same area, may cover the same days
    expect(
      (
        await call('POST', '/electricity-prices', {
          companyId: berlin,
          area: 'Berlin',
          kind: 'purchase',
          validFrom: '2026-01-01',
          periods: [{ name: 'flat', from: '00:00', to: '00:00', price: '0.35' }],
        })
      ).statusCode,
    ).toBe(200);
    const usPrice = await call('POST', '/electricity-prices', {
      companyId: usa,
      area: 'CA',
      validFrom: '2026-01-01',
      periods: [{ name: 'flat', from: '00:00', to: '00:00', price: '0.20' }],
    });
    expect(usPrice.statusCode).toBe(200);
  });

  it('a plant takes company, area and currency together; the currency must be the company’s', async () => {
    const { plantId } = await plantWithInverter();
    expect((await setTariff(plantId, { powerCompanyId: berlin })).statusCode).toBe(400);
    const wrong = await setTariff(plantId, { powerCompanyId: berlin, priceArea: 'Berlin', currency: 'USD' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toContain('EUR');
    const area = await setTariff(plantId, { powerCompanyId: berlin, priceArea: 'Munich', currency: 'EUR' });
    expect(area.statusCode).toBe(400);
    const plant = (await call('GET', `/plants/${plantId}`)).json().data;
    expect(plant).toMatchObject({ powerCompanyId: null, currency: null, revenueToday: null });
    // without a tariff the plant shows no revenue, not a made-up figure
    const none = (await call('GET', `/plants/${plantId}/revenue?range=month`)).json().data;
    expect(none).toMatchObject({ currency: null, amount: 0, byPeriod: [] });
  });

  it('computes the revenue of a DST day in Europe/Berlin from the rollups, shown on the plant, list and dashboard', async () => {
    const { plantId, inverterId } = await plantWithInverter();
    const ok = await setTariff(
      plantId,
      { powerCompanyId: berlin, priceArea: 'Berlin', currency: 'EUR' },
      'Europe/Berlin',
    );
    expect(ok.statusCode).toBe(200);
    // 2026-03-29 lasts 23 h in Berlin: 1 kWh every 5 minutes of it → peak 144 kWh, off-peak 132 kWh
    await rollups(inverterId, '2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z');
    await runRevenueJob();
    const day = (await call('GET', `/plants/${plantId}/revenue?range=day&date=2026-03-29`)).json().data;
    expect(day).toMatchObject({ currency: 'EUR', amount: 4320 + 1320, kwh: 276 });
    expect(
      Object.fromEntries(day.byPeriod.map((p: { period: string; amount: number }) => [p.period, p.amount])),
    ).toEqual({ peak: 4320, offPeak: 1320 });
    const month = (await call('GET', `/plants/${plantId}/revenue?range=month&date=2026-03-10`)).json().data;
    expect(month.amount).toBe(5640);
    expect(month.series).toHaveLength(31);
    const year = (await call('GET', `/plants/${plantId}/revenue?range=year&date=2026-03-10`)).json().data;
    expect(year.series.map((s: { label: string }) => s.label)[2]).toBe('2026-03');
    const row = (await call('GET', `/plants/${plantId}`)).json().data;
    expect(row).toMatchObject({ currency: 'EUR', revenueTotal: 5640, revenueToday: 0 });
    // the list sorts by total revenue with the plants without a tariff after it
    const sorted = (await call('GET', '/plants?sortField=revenueTotal&sortOrder=descend&pageSize=3')).json().data;
    expect(sorted.rows[0].id).toBe(plantId);
    const asc = (await call('GET', '/plants?sortField=revenueTotal&sortOrder=ascend&pageSize=3')).json().data;
    expect(asc.rows[0].id).toBe(plantId);
  });

  it('sorts the list by revenue within each currency, never comparing yen with euro cents', async () => {
    const ids = (await t.app.db.selectFrom('plants').select('id').orderBy('id').limit(4).execute()).map((p) => p.id);
    const [yen, euroSmall, euroLarge, none] = ids as [number, number, number, number];
    const saved = await t.app.db
      .selectFrom('plant_stats')
      .select(['plant_id', 'revenue_total', 'revenue_currency'])
      .where('plant_id', 'in', ids)
      .execute();
    const set = (id: number, currency: string | null, total: number | null) =>
      t.app.db
        .updateTable('plant_stats')
        .set({ revenue_currency: currency, revenue_total: total })
        .where('plant_id', '=', id)
        .execute();
    try {
      // by amount alone 1,000 yen (minor units) would sort between 50 and 90 euros (5,000 and 9,000 cents)
      await set(yen, 'JPY', 1000);
      await set(euroSmall, 'EUR', 5000);
      await set(euroLarge, 'EUR', 9000);
      await set(none, null, null);
      const order = async (dir: string) =>
        (
          (await call('GET', `/plants?sortField=revenueTotal&sortOrder=${dir}&pageSize=100`)).json().data.rows as {
            id: number;
          }[]
        )
          .map((r) => r.id)
          .filter((id) => ids.includes(id));
      expect(await order('descend')).toEqual([yen, euroLarge, euroSmall, none]);
      expect(await order('ascend')).toEqual([euroSmall, euroLarge, yen, none]);
      // the same order when a filter reads the plants table
      const named = await t.app.db
        .selectFrom('plants')
        .select('name')
        .where('id', '=', euroLarge)
        .executeTakeFirstOrThrow();
      const filtered = (
        await call('GET', `/plants?sortField=revenueTotal&sortOrder=descend&name=${encodeURIComponent(named.name)}`)
      ).json().data.rows;
      expect(filtered[0].id).toBe(euroLarge);
    } finally {
      for (const r of saved) await set(r.plant_id, r.revenue_currency ?? null, r.revenue_total ?? null);
    }
  });

  it('exports the revenue with the plant list, in the currency’s major unit', async () => {
    const res = await call('GET', '/plants/export?sortField=revenueTotal&sortOrder=descend');
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const col = (name: string) => header.indexOf(name);
    expect(col('Total revenue')).toBeGreaterThan(0);
    const first = sheet.getRow(2).values as unknown[];
    expect(first[col('Total revenue')]).toBe(56.4);
    expect(first[col('Currency')]).toBe('EUR');
  });

  it('a price changed after the fact recomputes the affected days (a job with progress) and is audited', async () => {
    const { plantId, inverterId } = await plantWithInverter([
      ...(await t.app.db.selectFrom('plants').select('id').where('power_company_id', 'is not', null).execute()).map(
        (p) => p.id,
      ),
    ]);
    expect(
      (await setTariff(plantId, { powerCompanyId: berlin, priceArea: 'Brandenburg', currency: 'EUR' }, 'UTC'))
        .statusCode,
    ).toBe(200);
    const flat = (price: string) => [{ name: 'flat', from: '00:00', to: '00:00', price }];
    const may = (
      await call('POST', '/electricity-prices', {
        companyId: berlin,
        area: 'Brandenburg',
        validFrom: '2026-05-01',
        periods: flat('0.20'),
      })
    ).json().data;
    // 10 kWh at noon on each day 14–17 May (120 kW for 5 minutes)
    for (const d of ['14', '15', '16', '17'])
      await rollups(inverterId, `2026-05-${d}T12:00:00Z`, `2026-05-${d}T12:05:00Z`, 120_000);
    await runRevenueJob();
    const before = (await call('GET', `/plants/${plantId}/revenue?range=month&date=2026-05-01`)).json().data;
    expect(before.amount).toBe(800);
    // mid-month: the price ends on the 15th, a new one of 0.25 from the 16th
    const edited = await call('PUT', `/electricity-prices/${may.price.id}`, {
      companyId: berlin,
      area: 'Brandenburg',
      validFrom: '2026-05-01',
      validTo: '2026-05-15',
      periods: flat('0.20'),
    });
    expect(edited.statusCode).toBe(200);
    const second = await call('POST', '/electricity-prices', {
      companyId: berlin,
      area: 'Brandenburg',
      validFrom: '2026-05-16',
      periods: flat('0.25'),
    });
    const job = second.json().data.recompute;
    expect(job).toMatchObject({ fromDay: '2026-05-16', plantsTotal: 1 });
    await runRevenueJob();
    const progress = (await call('GET', `/revenue-recomputes/${job.id}`)).json().data;
    expect(progress).toMatchObject({ state: 'done', plantsDone: 1, plantsTotal: 1 });
    const after = (await call('GET', `/plants/${plantId}/revenue?range=month&date=2026-05-01`)).json().data;
    expect(
      after.series
        .filter((s: { byPeriod: unknown[] }) => s.byPeriod.length)
        .map((s: { byPeriod: { amount: number }[] }) => s.byPeriod[0]!.amount),
    ).toEqual([200, 200, 250, 250]);
    expect(after.amount).toBe(900);
    // the audit trail says who changed which price
    const audit = (await call('GET', '/audit?entity=electricity-price&pageSize=10')).json().data;
    const update = audit.rows.find((r: { action: string }) => r.action === 'update');
    expect(update).toMatchObject({ loginName: 'admin', recordId: String(may.price.id) });
    expect(update.summary).toContain('2026-05-15');
  });

  it('the dashboard sums the fleet per currency, never across them', async () => {
    const taken = (
      await t.app.db.selectFrom('plants').select('id').where('power_company_id', 'is not', null).execute()
    ).map((p) => p.id);
    const { plantId, inverterId } = await plantWithInverter(taken);
    expect(
      (await setTariff(plantId, { powerCompanyId: usa, priceArea: 'CA', currency: 'USD' }, 'UTC')).statusCode,
    ).toBe(200);
    await rollups(inverterId, '2026-06-01T10:00:00Z', '2026-06-01T11:00:00Z'); // 12 kWh × 0.20 = 2.40 USD
    await runRevenueJob();
    const fleet = (await call('GET', '/revenue/fleet')).json().data;
    expect(fleet).toEqual([
      expect.objectContaining({ currency: 'EUR', total: 5640 + 900, plants: 2 }),
      expect.objectContaining({ currency: 'USD', total: 240, plants: 1 }),
    ]);
  });

  it('refuses to delete a company while a plant uses its tariff, and needs the price permissions', async () => {
    const res = await call('DELETE', `/power-companies/${usa}`, undefined, 'zh');
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain('电站');
    const viewer = await login(t.app, 'viewer');
    const refused = await call(
      'POST',
      '/power-companies',
      { name: 'Y', country: 'DE', currency: 'EUR', priceAreas: ['A'] },
      'en',
      viewer,
    );
    expect([403]).toContain(refused.statusCode);
  });
});
