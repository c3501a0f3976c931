import { envelope, localDay, plantPage, plantRow, translate } from '@pv/contract';
import { z } from 'zod';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOfLocalDay } from '../src/modules/plant/plant-detail.js';
import { refreshPlantStats, invalidatePlantStats, writeStats } from '../src/modules/plant/plant-stats.js';
import { buildTestApp, login, newDevice, type TestApp } from './helper.js';

let t: TestApp;
let admin: string;
let agent: string;
let viewer: string;
let delta: string;
let plantId: number;
const now = Date.now();
const TZ = 'Europe/Berlin';

beforeAll(async () => {
  t = await buildTestApp();
  [admin, agent, viewer, delta] = (await Promise.all(
    ['admin', 'agent', 'viewer', 'delta'].map((u) => login(t.app, u)),
  )) as [string, string, string, string];
  const db = t.app.db;
  const org = await db.selectFrom('orgs').select('id').where('code', '=', 'SUNPATH').executeTakeFirstOrThrow();
  ({ id: plantId } = await db
    .insertInto('plants')
    .values({
      org_id: org.id,
      name: 'StatsPlant',
      capacity_wp: 10_000,
      country: 'DE',
      time_zone: TZ,
      latitude: 52.5,
      longitude: 13.4,
      address: 'Berlin',
      install_position: 'roof',
      installed_at: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow());
  const dev = async (
    sn: string,
    type: 'inverter' | 'collector' | 'battery' | 'meter',
    points: Record<string, number>,
    extra: { parent?: number; online?: boolean } = {},
  ) =>
    (
      await db
        .insertInto('devices')
        .values(
          newDevice({
            sn,
            type,
            org_id: org.id,
            plant_id: plantId,
            parent_id: extra.parent ?? null,
            online_state: extra.online === false ? 'offline' : 'online',
            run_state: 'run',
            last_online_at: now - 60_000,
            last_points: JSON.stringify(points),
            created_at: now,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  // a collector that (like some loggers) also reports the total of its sub inverters: never added on top
  const col = await dev('TCOL01', 'collector', {
    rssi: -60,
    acPower: 3000,
    ambientTemperature: 21.5,
    humidity: 55,
    windSpeed: 3.2,
    airPressure: 1011,
  });
  const sub1 = await dev('TSUB01', 'inverter', { acPower: 1000, energyTotal: 10 }, { parent: col });
  const sub2 = await dev('TSUB02', 'inverter', { acPower: 2000, energyTotal: 10 }, { parent: col });
  await dev('TINV03', 'inverter', { acPower: 500 }, { online: false });
  const bat = await dev('TBAT01', 'battery', { batteryPower: 400, batterySoc: 55, energyTotal: 99 });
  await dev('TMET01', 'meter', { meterImportPower: 100, meterExportPower: 0 });
  const today = localDay(now, TZ);
  const lastYear = `${Number(today.slice(0, 4)) - 1}-06-01`;
  const sameMonthEarlier = today.slice(8) === '01' ? null : `${today.slice(0, 8)}01`;
  const rows = [
    { device_id: sub1, day: today, energy_kwh: 4, updated_at: now },
    { device_id: sub2, day: today, energy_kwh: 6, updated_at: now },
    { device_id: sub1, day: lastYear, energy_kwh: 100, updated_at: now },
    // battery counters are discharge energy, not production
    { device_id: bat, day: today, energy_kwh: 50, updated_at: now },
    ...(sameMonthEarlier ? [{ device_id: sub2, day: sameMonthEarlier, energy_kwh: 20, updated_at: now }] : []),
  ];
  await db.insertInto('device_daily').values(rows).execute();
  // 5-minute rollups: two buckets in the last hour, one 20 h ago
  const b = Math.floor(now / 300_000) * 300_000;
  await db
    .insertInto('device_rollup_5m')
    .values([
      { device_id: sub1, bucket: b - 600_000, n: 30, points: JSON.stringify({ acPower: 900 }) },
      { device_id: sub2, bucket: b - 600_000, n: 30, points: JSON.stringify({ acPower: 1900 }) },
      { device_id: col, bucket: b - 600_000, n: 30, points: JSON.stringify({ acPower: 2800 }) },
      { device_id: sub1, bucket: b - 300_000, n: 30, points: JSON.stringify({ acPower: 1000 }) },
      { device_id: sub1, bucket: b - 20 * 3_600_000, n: 30, points: JSON.stringify({ acPower: 700 }) },
    ])
    .execute();
  invalidatePlantStats(db);
  await refreshPlantStats(db, now);
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object, lang = 'en') =>
  t.app.inject({
    method,
    url: `/photo_voltaic${url}`,
    headers: { 'x-token': token, 'accept-language': lang },
    payload,
  });
const plantsOf = async (orgCode: string) =>
  (
    await t.app.db
      .selectFrom('plants as p')
      .innerJoin('orgs as o', 'o.id', 'p.org_id')
      .select('p.id')
      .where('o.code', '=', orgCode)
      .execute()
  ).map((p) => p.id);

describe('plant_stats refresh', () => {
  it('sums the online inverters once (not the collector), counts plant-local days, and sets status and counts', async () => {
    const s = await t.app.db
      .selectFrom('plant_stats')
      .selectAll()
      .where('plant_id', '=', plantId)
      .executeTakeFirstOrThrow();
    const today = localDay(now, TZ);
    expect(s.power_w).toBe(3000);
    expect(s.energy_today).toBe(10);
    expect(s.energy_month).toBe(today.slice(8) === '01' ? 10 : 30);
    expect(s.energy_year).toBe(s.energy_month);
    expect(s.energy_total).toBe(s.energy_month + 100);
    expect(s).toMatchObject({
      status: 'online',
      devices: 6,
      devices_online: 5,
      open_faults: 0,
      data_updated_at: now - 60_000,
    });
  });

  it('turns to fault with an open fault, and keeps the energy when today grows', async () => {
    const db = t.app.db;
    const sub = await db
      .selectFrom('devices')
      .select(['id', 'plant_id', 'org_id'])
      .where('sn', '=', 'TSUB01')
      .executeTakeFirstOrThrow();
    // a fault carries the plant and organisation its device had when it opened (the ingest stamps them)
    await db
      .insertInto('faults')
      .values({
        device_id: sub.id,
        code: 'F07',
        message: 'x',
        state: 'unrepaired',
        opened_at: now,
        fixed_at: null,
        plant_id: sub.plant_id,
        org_id: sub.org_id,
      })
      .execute();
    await db
      .updateTable('device_daily')
      .set({ energy_kwh: 5 })
      .where('device_id', '=', sub.id)
      .where('day', '=', localDay(now, TZ))
      .execute();
    await refreshPlantStats(db, now + 1000);
    const s = await db.selectFrom('plant_stats').selectAll().where('plant_id', '=', plantId).executeTakeFirstOrThrow();
    expect(s).toMatchObject({ status: 'fault', open_faults: 1, energy_today: 11 });
    expect(s.energy_total - s.energy_year).toBe(100);
  });

  it('writes a row again when the table differs from the figures, whoever wrote it last (processes take turns at the refresh)', async () => {
    const db = t.app.db;
    const before = await db
      .selectFrom('plant_stats')
      .selectAll()
      .where('plant_id', '=', plantId)
      .executeTakeFirstOrThrow();
    // another process's refresh wrote other figures meanwhile (say, before a device reported again)
    await db
      .updateTable('plant_stats')
      .set({ power_w: 1, updated_at: now + 1500 })
      .where('plant_id', '=', plantId)
      .execute();
    const { written } = await refreshPlantStats(db, now + 2000);
    expect(written).toBeGreaterThanOrEqual(1);
    const after = await db
      .selectFrom('plant_stats')
      .selectAll()
      .where('plant_id', '=', plantId)
      .executeTakeFirstOrThrow();
    expect({ ...after, updated_at: 0 }).toEqual({ ...before, updated_at: 0 });
    // the same figures again: nothing to write
    const again = await refreshPlantStats(db, now + 3000);
    expect(
      (
        await db
          .selectFrom('plant_stats')
          .select('updated_at')
          .where('plant_id', '=', plantId)
          .executeTakeFirstOrThrow()
      ).updated_at,
    ).toBe(now + 2000);
    expect(again.written).toBe(0);
  });

  it('writes the figures of the plants still there when one was deleted while they were computed', async () => {
    const db = t.app.db;
    const row = await db
      .selectFrom('plant_stats')
      .selectAll()
      .where('plant_id', '=', plantId)
      .executeTakeFirstOrThrow();
    const gone =
      (
        await db
          .selectFrom('plants')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id! + 1000;
    // the deleted plant's row fails the write on its key (foreign keys are on in both databases)
    await expect(
      db
        .insertInto('plant_stats')
        .values({ ...row, plant_id: gone })
        .execute(),
    ).rejects.toThrow();
    await writeStats(db, [
      { ...row, power_w: 4321, updated_at: now + 4000 },
      { ...row, plant_id: gone },
    ]);
    expect(
      await db.selectFrom('plant_stats').select('power_w').where('plant_id', '=', plantId).executeTakeFirstOrThrow(),
    ).toEqual({ power_w: 4321 });
    expect(await db.selectFrom('plant_stats').select('plant_id').where('plant_id', '=', gone).execute()).toEqual([]);
    // the figures as they were, for the tests that follow
    await writeStats(db, [row]);
  });

  it('stays cheap: every plant has a row', async () => {
    const plants = await t.app.db
      .selectFrom('plants')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const stats = await t.app.db
      .selectFrom('plant_stats')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stats.n)).toBe(Number(plants.n));
  });
});

describe('plant list', () => {
  it('shows the agent only its organisation and below, with tab counts that add up', async () => {
    const res = (await call('GET', '/plants?pageSize=100', agent)).json().data;
    const mine = [...(await plantsOf('SUNPATH')), ...(await plantsOf('GREENROOF'))].sort();
    expect(res.rows.map((r: { id: number }) => r.id).sort()).toEqual(mine);
    expect(res.total).toBe(mine.length);
    expect(res.counts.all).toBe(res.counts.online + res.counts.offline + res.counts.fault);
    const all = (await call('GET', '/plants?pageSize=1', admin)).json().data;
    expect(all.total).toBeGreaterThan(mine.length);
    expect(all.rows).toHaveLength(1);
  });

  it('filters by status, name, owner, installer and organisation, sorts in SQL', async () => {
    const fault = (await call('GET', '/plants?status=fault', admin)).json().data;
    expect(fault.rows.map((r: { name: string }) => r.name)).toContain('StatsPlant');
    expect(fault.total).toBe(fault.counts.fault);
    const byName = (await call('GET', '/plants?name=statsp', admin)).json().data;
    expect(byName.rows).toHaveLength(1);
    expect(byName.rows[0]).toMatchObject({
      name: 'StatsPlant',
      power: 3000,
      capacityKw: 10,
      status: 'fault',
      timeZone: TZ,
    });
    const owned = (await call('GET', '/plants?pageSize=100&owner=Chen', admin)).json().data;
    expect(owned.total).toBeGreaterThan(0);
    expect(owned.rows.every((r: { ownerName: string }) => r.ownerName.includes('Chen'))).toBe(true);
    const inst = (await call('GET', '/plants?pageSize=100&installer=Green%20Roof', admin)).json().data;
    expect(inst.total).toBeGreaterThan(0);
    expect(inst.rows.every((r: { installerName: string }) => r.installerName === 'Green Roof Installers')).toBe(true);
    const org = (await call('GET', '/plants?pageSize=100&org=Delta', admin)).json().data;
    expect(org.rows.every((r: { orgName: string }) => r.orgName === 'Delta Energy Services')).toBe(true);
    const byPower = (await call('GET', '/plants?pageSize=100&sortField=power&sortOrder=descend', admin))
      .json()
      .data.rows.map((r: { power: number }) => r.power);
    expect(byPower).toEqual([...byPower].sort((a, b) => b - a));
    const byNameAsc = (await call('GET', '/plants?pageSize=100&sortField=name&sortOrder=ascend', admin))
      .json()
      .data.rows.map((r: { name: string }) => r.name);
    expect(byNameAsc[0] <= byNameAsc[byNameAsc.length - 1]).toBe(true);
    expect((await call('GET', '/plants?sortField=nope', admin)).statusCode).toBe(400);
  });

  it("filters one customer's plants by its id, within the caller's scope", async () => {
    const owned = (await call('GET', '/plants?pageSize=100&owner=Chen', admin)).json().data.rows as {
      ownerId: number;
    }[];
    const ownerId = owned[0]!.ownerId;
    const expected = (
      await t.app.db.selectFrom('plants').select('id').where('owner_id', '=', ownerId).orderBy('id').execute()
    ).map((p) => p.id);
    const byId = (await call('GET', `/plants?pageSize=100&ownerId=${ownerId}`, admin)).json().data;
    expect(byId.rows.map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b)).toEqual(expected);
    expect(byId.total).toBe(expected.length);
    // the agent sees the customer's plants of its own scope only
    const agentRows = (await call('GET', `/plants?pageSize=100&ownerId=${ownerId}`, agent)).json().data.rows;
    const mine = new Set([...(await plantsOf('SUNPATH')), ...(await plantsOf('GREENROOF'))]);
    expect(agentRows.every((r: { id: number }) => mine.has(r.id))).toBe(true);
    expect((await call('GET', '/plants?ownerId=0', admin)).statusCode).toBe(400);
  });

  it('stars and unstars per user, and filters favourites only', async () => {
    expect((await call('PUT', `/plants/${plantId}/favourite`, agent, { favourite: true })).statusCode).toBe(200);
    const favs = (await call('GET', '/plants?favourite=1', agent)).json().data;
    expect(favs.rows.map((r: { id: number }) => r.id)).toEqual([plantId]);
    expect(favs.rows[0].favourite).toBe(true);
    expect((await call('GET', '/plants?favourite=1', admin)).json().data.total).toBe(0);
    await call('PUT', `/plants/${plantId}/favourite`, agent, { favourite: false });
    expect((await call('GET', '/plants?favourite=1', agent)).json().data.total).toBe(0);
    const deltaPlant = (await plantsOf('DELTA'))[0]!;
    expect((await call('PUT', `/plants/${deltaPlant}/favourite`, agent, { favourite: true })).statusCode).toBe(404);
  });

  it("answers rows the database writes as JSON that are exactly the contract's PlantRow, null or not", async () => {
    // the list sends the rows as the database wrote them (not parsed, not checked on the way out)
    const strict = envelope(plantPage.extend({ rows: z.array(plantRow.strict()) }));
    await call('PUT', `/plants/${plantId}/favourite`, agent, { favourite: true });
    try {
      const page = strict.parse((await call('GET', '/plants?pageSize=100&sortField=energyToday', agent)).json());
      expect(page.data.rows.length).toBe(page.data.total);
      expect(page.data.rows.filter((r) => r.favourite).map((r) => r.id)).toEqual([plantId]);
      const mine = page.data.rows.find((r) => r.id === plantId)!;
      const facts = await t.app.db
        .selectFrom('plants')
        .select(['capacity_wp', 'created_at', 'time_zone'])
        .where('id', '=', plantId)
        .executeTakeFirstOrThrow();
      expect(mine.capacityKw).toBe(facts.capacity_wp / 1000);
      expect(mine.createdAt).toBe(Number(facts.created_at));
      expect(mine.timeZone).toBe(facts.time_zone);
      // nulls where a plant has no owner, installer or tariff; numbers where it has none of its stats yet
      const all = strict.parse((await call('GET', '/plants?pageSize=100', admin)).json()).data.rows;
      expect(all.some((r) => r.ownerName === null) && all.some((r) => r.ownerName !== null)).toBe(true);
      const untariffed = all.filter((r) => r.currency === null);
      expect(untariffed.length).toBeGreaterThan(0);
      expect(untariffed.every((r) => r.revenueToday === null && r.revenueTotal === null)).toBe(true);
    } finally {
      await call('PUT', `/plants/${plantId}/favourite`, agent, { favourite: false });
    }
  });

  it('exports the filtered list as a real .xlsx', async () => {
    const res = await call('GET', '/plants/export?name=StatsPlant', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('Plant name');
    expect(sheet.getRow(2).getCell(2).value).toBe('StatsPlant');
    expect(sheet.rowCount).toBe(2);
    expect((await call('GET', '/plants/export', viewer)).statusCode).toBe(403);
  });

  it("writes the data update time on the plant's clock with its zone named, in the caller's date order (issue 42)", async () => {
    // 2026-07-01 10:00:05 UTC: 12:00:05 in Berlin (summer time); the export wrote it as a UTC Date before
    const at = Date.parse('2026-07-01T10:00:05Z');
    await t.app.db.updateTable('plant_stats').set({ data_updated_at: at }).where('plant_id', '=', plantId).execute();
    const cells = async (lang: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/photo_voltaic/plants/export?name=StatsPlant',
        headers: { 'x-token': admin, 'accept-language': lang },
      });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = wb.worksheets[0]!;
      const headers = (sheet.getRow(1).values as unknown[]).slice(1);
      const col = headers.indexOf(translate(lang, 'plantExport.dataUpdatedAt')) + 1;
      expect(col).toBeGreaterThan(0);
      return { value: sheet.getRow(2).getCell(col).value };
    };
    expect((await cells('en')).value).toBe('2026-07-01 12:00:05 (Europe/Berlin)');
    expect((await cells('zh')).value).toBe('2026-07-01 12:00:05 (Europe/Berlin)');
    expect((await cells('es')).value).toBe('01/07/2026 12:00:05 (Europe/Berlin)');
  });
});

describe('kept answers', () => {
  const row = async (token: string) =>
    (
      (await call('GET', '/plants?pageSize=100&name=StatsPlant', token)).json().data.rows as {
        id: number;
        power: number;
        favourite: boolean;
      }[]
    ).find((r) => r.id === plantId)!;

  it('sends the list again as it was until the stats refresh writes new figures', async () => {
    const before = await row(admin);
    const sub = await t.app.db.selectFrom('devices').select('id').where('sn', '=', 'TSUB02').executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('devices')
      .set({ last_points: JSON.stringify({ acPower: 2500, energyTotal: 10 }) })
      .where('id', '=', sub.id)
      .execute();
    expect((await row(admin)).power).toBe(before.power); // the same answer: nothing has told the server yet
    await refreshPlantStats(t.app.db, now + 2000);
    expect((await row(admin)).power).toBe(before.power + 500);
    await t.app.db
      .updateTable('devices')
      .set({ last_points: JSON.stringify({ acPower: 2000, energyTotal: 10 }) })
      .where('id', '=', sub.id)
      .execute();
    await refreshPlantStats(t.app.db, now + 3000);
    expect((await row(admin)).power).toBe(before.power);
  });

  it('shows a console write from the next request, and keeps answers apart per session and language', async () => {
    expect((await row(admin)).favourite).toBe(false);
    expect((await row(agent)).favourite).toBe(false);
    expect((await call('PUT', `/plants/${plantId}/favourite`, admin, { favourite: true })).statusCode).toBe(200);
    expect((await row(admin)).favourite).toBe(true);
    expect((await row(agent)).favourite).toBe(false); // the agent's star is its own
    const zh = await call('GET', '/plants?pageSize=100&name=StatsPlant', admin, undefined, 'zh');
    expect(zh.json().msg).not.toBe((await call('GET', '/plants?pageSize=100&name=StatsPlant', admin)).json().msg);
    expect((await call('PUT', `/plants/${plantId}/favourite`, admin, { favourite: false })).statusCode).toBe(200);
    expect((await row(admin)).favourite).toBe(false);
  });
});

describe('plant create / edit / delete', () => {
  const body = {
    name: 'NewPlant1',
    capacityKw: 8.5,
    country: 'DE',
    timeZone: 'Europe/Berlin',
    address: 'Hauptstr. 1',
    installedAt: now,
    installPosition: 'roof',
    installCapacityWp: 8500,
    latitude: 52.1,
    longitude: 13.2,
  };
  let created: number;

  it('creates with every rule checked on the server', async () => {
    const res = await call('POST', '/plants', agent, body);
    expect(res.json().msg).toBe('Create Successful');
    created = res.json().data.id;
    const row = (await call('GET', `/plants/${created}`, agent)).json().data;
    expect(row).toMatchObject({
      name: 'NewPlant1',
      capacityKw: 8.5,
      installCapacityWp: 8500,
      installPosition: 'roof',
      orgName: 'SunPath Services',
      access: 'org',
    });
  });

  it('refuses bad input (400) and a taken name (409), changing nothing', async () => {
    const bad = async (patch: object, expected: string, lang = 'en') => {
      const res = await call('POST', '/plants', agent, { ...body, name: 'Other1', ...patch }, lang);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain(expected);
    };
    await bad({ name: 'bad name!' }, 'Name must be 1-30');
    await bad({ name: 'x'.repeat(31) }, 'Name must be 1-30');
    await bad({ timeZone: 'Mars/Olympus' }, 'IANA time zone');
    await bad({ timeZone: 'Mars/Olympus' }, '时区', 'zh');
    await bad({ latitude: 91 }, 'Latitude');
    await bad({ longitude: -181 }, 'Longitude');
    await bad({ capacityKw: 0 }, 'Capacity');
    await bad({ installPosition: 'cellar' }, 'Install position');
    await bad({ installCapacityWp: 1.5 }, 'Install capacity');
    await bad(
      {
        ownerId: (
          await t.app.db
            .selectFrom('customers as c')
            .innerJoin('orgs as o', 'o.id', 'c.org_id')
            .select('c.id')
            .where('o.code', '=', 'DELTA')
            .executeTakeFirstOrThrow()
        ).id,
      },
      'owner',
    );
    const dup = await call('POST', '/plants', agent, body);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toContain('already exists');
    expect((await call('GET', '/plants?name=Other1', admin)).json().data.total).toBe(0);
    expect((await call('POST', '/plants', viewer, { ...body, name: 'Viewer1' })).statusCode).toBe(403);
  });

  it('edits, and answers 404 for a plant outside the scope', async () => {
    const owner = (await call('GET', '/plants/options', agent)).json().data.owners[0];
    const res = await call('PUT', `/plants/${created}`, agent, {
      ...body,
      name: 'NewPlant2',
      ownerId: owner.id,
      timeZone: 'Asia/Tokyo',
    });
    expect(res.json().msg).toBe('Update Successful');
    expect((await call('GET', `/plants/${created}`, agent)).json().data).toMatchObject({
      name: 'NewPlant2',
      ownerId: owner.id,
      timeZone: 'Asia/Tokyo',
    });
    const deltaPlant = (await plantsOf('DELTA'))[0]!;
    expect((await call('PUT', `/plants/${deltaPlant}`, agent, body)).statusCode).toBe(404);
    expect((await call('GET', `/plants/${deltaPlant}`, agent)).statusCode).toBe(404);
    expect((await call('DELETE', `/plants/${deltaPlant}`, agent)).statusCode).toBe(404);
  });

  it('deletes a plant, unbinding its devices and keeping their data', async () => {
    const db = t.app.db;
    const org = await db.selectFrom('plants').select('org_id').where('id', '=', created).executeTakeFirstOrThrow();
    const { id: dev } = await db
      .insertInto('devices')
      .values(newDevice({ sn: 'DELINV01', name: 'x', org_id: org.org_id, plant_id: created, created_at: now }))
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('device_daily')
      .values({ device_id: dev, day: '2026-01-01', energy_kwh: 3, updated_at: now })
      .execute();
    const res = await call('DELETE', `/plants/${created}`, agent);
    expect(res.json()).toMatchObject({ msg: 'Deleted Success', data: { unboundDevices: 1 } });
    expect((await call('GET', `/plants/${created}`, agent)).statusCode).toBe(404);
    expect(await db.selectFrom('devices').select('plant_id').where('id', '=', dev).executeTakeFirstOrThrow()).toEqual({
      plant_id: null,
    });
    expect(
      await db.selectFrom('device_daily').select('energy_kwh').where('device_id', '=', dev).execute(),
    ).toHaveLength(1);
  });

  it('offers owners and organisations of the scope only, masked without the sensitive grant', async () => {
    const forAgent = (await call('GET', '/plants/options', agent)).json().data;
    expect(forAgent.orgs.map((o: { name: string }) => o.name).sort()).toEqual([
      'Green Roof Installers',
      'SunPath Services',
    ]);
    expect(forAgent.owners.length).toBe(6);
    expect(forAgent.owners[0].email).toMatch(/^.\*\*\*@/);
    const forAdmin = (await call('GET', '/plants/options', admin)).json().data;
    expect(forAdmin.owners[0].email).not.toContain('***');
  });
});

describe('plant detail', () => {
  it('answers facts, weather, energy flow, yield and PR', async () => {
    const d = (await call('GET', `/plants/${plantId}`, admin)).json().data;
    expect(d.weather).toMatchObject({ temperature: 21.5, humidity: 55, windSpeed: 3.2, airPressure: 1011 });
    expect(d.energyFlow).toEqual({ pv: 3000, battery: 400, batterySoc: 55, grid: 100, load: 3500 });
    expect(d.specificYield).toBeCloseTo(1.1, 3);
    if (d.performanceRatio === null) expect(d.performanceRatioNote).toBe('noSun');
    else expect(d.performanceRatio).toBeGreaterThan(0);
  });

  it('masks the owner for a role without the sensitive grant', async () => {
    const owned = (await call('GET', '/plants?owner=a&pageSize=1', admin)).json().data.rows[0];
    const forViewer = (await call('GET', `/plants/${owned.id}`, viewer)).json().data.owner;
    const forAdmin = (await call('GET', `/plants/${owned.id}`, admin)).json().data.owner;
    expect(forAdmin.phone).toMatch(/^\d{11}$/);
    expect(forViewer.phone).toContain('****');
    expect(forViewer.email).toContain('***@');
  });

  it('charts real time and 1 day from the 5-minute rollups of the inverters, and days from device_daily', async () => {
    const rt = (await call('GET', `/plants/${plantId}/chart?range=realtime`, admin)).json().data;
    expect(rt.kind).toBe('power');
    const b = Math.floor(now / 300_000) * 300_000;
    // the collector's own acPower is not added to its sub inverters'; real time starts at the plant's
    // local midnight (a bucket before it, in the first minutes of a Berlin day, is yesterday's)
    const midnight = startOfLocalDay(now, TZ);
    for (const point of [
      [b - 600_000, 2800],
      [b - 300_000, 1000],
    ] as const) {
      if (point[0] >= midnight) expect(rt.points).toContainEqual(point);
      else expect(rt.points).not.toContainEqual(point);
    }
    const day = (await call('GET', `/plants/${plantId}/chart?range=1`, admin)).json().data;
    expect(day.points).toContainEqual([b - 600_000, 2800]);
    expect(day.points).toContainEqual([b - 300_000, 1000]);
    expect(day.points).toContainEqual([b - 20 * 3_600_000, 700]);
    const week = (await call('GET', `/plants/${plantId}/chart?range=7`, admin)).json().data;
    expect(week.kind).toBe('energy');
    expect(week.points).toHaveLength(7);
    expect(week.points[6]).toEqual([localDay(now, TZ), 11]);
    expect((await call('GET', `/plants/${plantId}/chart?range=30`, admin)).json().data.points).toHaveLength(30);
    expect((await call('GET', `/plants/${plantId}/chart?range=2`, admin)).statusCode).toBe(400);
  });

  it("lists the plant's devices and faults", async () => {
    const devices = (await call('GET', `/plants/${plantId}/devices`, admin)).json().data;
    expect(devices.total).toBe(6);
    expect(devices.rows.find((r: { sn: string }) => r.sn === 'TSUB01')).toMatchObject({
      parentSn: 'TCOL01',
      power: 1000,
    });
    const faults = (await call('GET', `/plants/${plantId}/faults`, admin)).json().data;
    expect(faults.rows.map((f: { code: string }) => f.code)).toEqual(['F07']);
  });
});

describe('authorised users', () => {
  it('checks the authorised object: required, valid e-mails, not the authoriser, known users', async () => {
    const post = (emails: string, token = agent) =>
      call('POST', `/plants/${plantId}/grants`, token, { emails, perms: ['view'] });
    expect((await post('')).json().msg).toContain('authorised object is required');
    expect((await post('ops@delta.example, nope')).json().msg).toContain('correct e-mail');
    expect((await post('agent@sunpath.example')).json().msg).toContain('cannot be the authoriser');
    const unknown = await post('ops@delta.example,ghost@nowhere.example');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe('No user has the e-mail: ghost@nowhere.example');
    expect((await call('GET', `/plants/${plantId}/grants`, agent)).json().data).toEqual([]);
  });

  it('grants a user the plant, who then sees it (list, detail, devices) and nothing more', async () => {
    const before = (await call('GET', '/plants?pageSize=100', delta)).json().data;
    expect(before.rows.map((r: { id: number }) => r.id)).not.toContain(plantId);
    expect((await call('GET', `/plants/${plantId}`, delta)).statusCode).toBe(404);
    const res = await call('POST', `/plants/${plantId}/grants`, agent, {
      emails: 'OPS@delta.example',
      perms: ['view', 'control'],
    });
    expect(res.json().msg).toBe('Authorization Successful');
    const after = (await call('GET', '/plants?pageSize=100', delta)).json().data;
    expect(after.total).toBe(before.total + 1);
    expect((await call('GET', `/plants/${plantId}`, delta)).json().data).toMatchObject({
      name: 'StatsPlant',
      access: 'grant',
    });
    expect((await call('GET', `/plants/${plantId}/devices`, delta)).json().data.total).toBe(6);
    expect((await call('GET', `/plants/${plantId}/chart?range=7`, delta)).statusCode).toBe(200);
    // the "control" permission of the grant: commands to the plant's devices (with the role's device:control)
    const sub = await t.app.db.selectFrom('devices').select('id').where('sn', '=', 'TSUB01').executeTakeFirstOrThrow();
    const reboot = () => call('POST', `/devices/${sub.id}/commands`, delta, { kind: 'reboot', params: {} });
    expect((await reboot()).statusCode).toBe(200);
    // and from the plant's devices tab the console opens the device: detail, its command history, its data
    expect((await call('GET', `/devices/${sub.id}`, delta)).json().data).toMatchObject({ sn: 'TSUB01' });
    expect((await call('GET', `/devices/${sub.id}/commands`, delta)).json().data.total).toBe(1);
    expect((await call('GET', `/devices/${sub.id}/points`, delta)).statusCode).toBe(200);
    expect((await call('GET', `/devices/${sub.id}/update-log`, delta)).statusCode).toBe(200);
    const foreign = await t.app.db
      .selectFrom('devices as d')
      .innerJoin('orgs as o', 'o.id', 'd.org_id')
      .select('d.id')
      .where('o.code', '=', 'SUNPATH')
      .where((eb) => eb.or([eb('d.plant_id', '<>', plantId), eb('d.plant_id', 'is', null)]))
      .executeTakeFirstOrThrow();
    expect(
      (await call('POST', `/devices/${foreign.id}/commands`, delta, { kind: 'reboot', params: {} })).statusCode,
    ).toBe(404);
    // reading only: no edit, delete or re-granting through the grant, no other SunPath plant
    expect(
      (await call('PUT', `/plants/${plantId}`, delta, { name: 'Hijack', capacityKw: 1, timeZone: 'UTC' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/plants/${plantId}`, delta)).statusCode).toBe(404);
    const other = (await plantsOf('SUNPATH')).find((id) => id !== plantId)!;
    expect((await call('GET', `/plants/${other}`, delta)).statusCode).toBe(404);

    const grants = (await call('GET', `/plants/${plantId}/grants`, agent)).json().data;
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ loginName: 'delta', perms: ['view', 'control'], grantedBy: 'SunPath Agent' });
    const upd = await call('PUT', `/plants/${plantId}/grants/${grants[0].id}`, agent, { perms: ['view'] });
    expect(upd.json().msg).toBe('Update Successful');
    expect((await call('GET', `/plants/${plantId}/grants`, agent)).json().data[0].perms).toEqual(['view']);
    expect((await reboot()).statusCode).toBe(403); // seen through the grant, no longer controlled
    expect((await call('PUT', `/plants/${plantId}/grants/${grants[0].id}`, agent, { perms: [] })).statusCode).toBe(400);
    expect((await call('DELETE', `/plants/${plantId}/grants/${grants[0].id}`, agent)).json().msg).toBe(
      'Deleted Success',
    );
    expect((await call('GET', `/plants/${plantId}`, delta)).statusCode).toBe(404);
    expect((await call('GET', `/devices/${sub.id}`, delta)).statusCode).toBe(404);
    expect((await call('GET', `/devices/${sub.id}/commands`, delta)).statusCode).toBe(404);
    expect((await call('DELETE', `/plants/${plantId}/grants/${grants[0].id}`, agent)).statusCode).toBe(404);
  });
});
