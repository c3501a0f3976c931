import { plantBody } from '@pv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPlant } from '../src/modules/plant/plant.repository.js';
import { buildTestApp, login, newDevice, type TestApp } from './helper.js';

// DELETE /devices/:id?withPlant=true (spec §8: "device deletion that also removes its bound plant")
let t: TestApp;
let admin: string;
let agent: string;
/** SunPath's organisation administrator without plant:delete (the demo role holds it; taken away here) */
let noPlantDelete: string;
const now = Date.now();

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.db;
  const role = await db.selectFrom('roles').select('id').where('code', '=', 'org-admin').executeTakeFirstOrThrow();
  const perm = await db
    .selectFrom('resources')
    .select('id')
    .where('perm', '=', 'plant:delete')
    .where('kind', '=', 'button')
    .executeTakeFirstOrThrow();
  await db.deleteFrom('role_resources').where('role_id', '=', role.id).where('resource_id', '=', perm.id).execute();
  [admin, agent, noPlantDelete] = await Promise.all([
    login(t.app, 'admin'),
    login(t.app, 'agent'),
    login(t.app, 'sunpath-admin'),
  ]);
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'DELETE', url: string, token: string, lang = 'en') =>
  t.app.inject({ method, url: `/photo_voltaic${url}`, headers: { 'x-token': token, 'accept-language': lang } });
const orgId = async (code: string) =>
  (await t.app.db.selectFrom('orgs').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

let seq = 0;
/** A plant of `org` with its stats row, a favourite and a grant of the admin. */
async function plant(org: string) {
  const db = t.app.db;
  const body = plantBody.parse({ name: `DelPlant${++seq}`, capacityKw: 5, timeZone: 'Asia/Shanghai' });
  const id = await insertPlant(db, await orgId(org), body, now);
  const adminId = (
    await db.selectFrom('users').select('id').where('login_name', '=', 'admin').executeTakeFirstOrThrow()
  ).id;
  await db.insertInto('plant_favourites').values({ user_id: adminId, plant_id: id, created_at: now }).execute();
  await db
    .insertInto('plant_grants')
    .values({ plant_id: id, user_id: adminId, perms: 'view', granted_by: null, created_at: now })
    .execute();
  return id;
}

/** A device of SunPath bound to `plantId` (under `parent` when given), with one sample and one day of energy. */
async function device(
  sn: string,
  plantId: number | null,
  extra: { type?: 'inverter' | 'collector'; parent?: number } = {},
) {
  const db = t.app.db;
  const { id } = await db
    .insertInto('devices')
    .values(
      newDevice({
        sn,
        org_id: await orgId('SUNPATH'),
        plant_id: plantId,
        type: extra.type ?? 'inverter',
        parent_id: extra.parent ?? null,
        comm_mode: extra.parent ? 'collector' : 'mqtt',
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('samples')
    .values({ device_id: id, ts: now, points: '{"acPower":1}', received_at: now })
    .execute();
  await db
    .insertInto('device_daily')
    .values({ device_id: id, day: '2026-01-01', energy_kwh: 2, updated_at: now })
    .execute();
  return id;
}

/** What a refused deletion must leave untouched: the plant with its rows, the devices with their plant and data. */
async function snapshot(plantId: number, deviceIds: number[]) {
  const db = t.app.db;
  const count = async (table: 'plants' | 'plant_stats' | 'plant_favourites' | 'plant_grants') =>
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(table === 'plants' ? 'id' : 'plant_id', '=', plantId)
        .executeTakeFirstOrThrow()
    ).n;
  const plantRows = [
    await count('plants'),
    await count('plant_stats'),
    await count('plant_favourites'),
    await count('plant_grants'),
  ].map(Number);
  // `in ()` is no SQL on PostgreSQL
  if (!deviceIds.length) return { plant: plantRows, devices: [], samples: 0 };
  return {
    plant: plantRows,
    devices: await db
      .selectFrom('devices')
      .select(['id', 'plant_id', 'parent_id'])
      .where('id', 'in', deviceIds)
      .orderBy('id')
      .execute(),
    samples: Number(
      (
        await db
          .selectFrom('samples')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('device_id', 'in', deviceIds)
          .executeTakeFirstOrThrow()
      ).n,
    ),
  };
}

describe('deleting a device with its bound plant', () => {
  it('deletes the plant as DELETE /plants/:id does: its other devices are unbound and kept with their data', async () => {
    const db = t.app.db;
    const p = await plant('SUNPATH');
    const name = `DelPlant${seq}`;
    const chosen = await device('DWP-A', p);
    const other = await device('DWP-B', p);
    const collector = await device('DWP-C', p, { type: 'collector' });
    const sub = await device('DWP-S', p, { parent: collector });
    // the plant is listed before
    expect((await call('GET', `/plants?name=${name}`, agent)).json().data.total).toBe(1);

    const res = await call('DELETE', `/devices/${chosen}?withPlant=true`, agent);
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe('Deleted Success');
    // the plant and its stats, favourites and grants are gone; the list and the detail no longer show it
    expect((await snapshot(p, [])).plant).toEqual([0, 0, 0, 0]);
    expect((await call('GET', `/plants/${p}`, agent)).statusCode).toBe(404);
    expect((await call('GET', `/plants?name=${name}`, agent)).json().data.total).toBe(0);
    // the chosen device went with its data
    expect((await call('GET', `/devices/${chosen}`, agent)).statusCode).toBe(404);
    expect(await db.selectFrom('samples').select('ts').where('device_id', '=', chosen).execute()).toHaveLength(0);
    // the plant's other devices stay, unbound, with their samples and days (a sub device still under its collector)
    const left = await snapshot(p, [other, collector, sub]);
    expect(left.devices).toEqual([
      { id: other, plant_id: null, parent_id: null },
      { id: collector, plant_id: null, parent_id: null },
      { id: sub, plant_id: null, parent_id: collector },
    ]);
    expect(left.samples).toBe(3);
    expect(
      await db.selectFrom('device_daily').select('day').where('device_id', 'in', [other, collector, sub]).execute(),
    ).toHaveLength(3);
    // the audit trail names the plant that went with the device
    const summary = async () => {
      await t.app.audit.flush();
      return (
        await db
          .selectFrom('audit_logs')
          .select('summary')
          .where('entity', '=', 'device')
          .where('record_id', '=', String(chosen))
          .executeTakeFirst()
      )?.summary;
    };
    await expect.poll(summary).toBe(`DWP-A with plant ${name} (#${p})`);
  });

  it('deletes a second device of an already deleted plant without error (it is no longer bound)', async () => {
    const p = await plant('SUNPATH');
    const first = await device('DWP-2A', p);
    const second = await device('DWP-2B', p);
    expect((await call('DELETE', `/devices/${first}?withPlant=true`, agent)).statusCode).toBe(200);
    const res = await call('DELETE', `/devices/${second}?withPlant=true`, agent);
    expect(res.statusCode).toBe(200);
    expect((await call('GET', `/devices/${second}`, agent)).statusCode).toBe(404);
  });

  it('refuses without plant:delete (403, en and zh) and changes nothing, the device included', async () => {
    const p = await plant('SUNPATH');
    const d = await device('DWP-3A', p);
    const before = await snapshot(p, [d]);
    expect(before.plant).toEqual([1, 1, 1, 1]);
    const res = await call('DELETE', `/devices/${d}?withPlant=true`, noPlantDelete);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(
      'Deleting the bound plant with the device needs the permission to delete plants: nothing was deleted',
    );
    const zh = await call('DELETE', `/devices/${d}?withPlant=true`, noPlantDelete, 'zh');
    expect(zh.statusCode).toBe(403);
    expect(zh.json().msg).toContain('删除电站的权限');
    expect(await snapshot(p, [d])).toEqual(before);
    // without the flag the same user deletes the device, and the plant stays
    expect((await call('DELETE', `/devices/${d}`, noPlantDelete)).statusCode).toBe(200);
    expect((await call('GET', `/devices/${d}`, agent)).statusCode).toBe(404);
    expect((await snapshot(p, [])).plant).toEqual([1, 1, 1, 1]);
    expect((await call('GET', `/plants/${p}`, agent)).statusCode).toBe(200);
  });

  it('refuses a plant outside the organisation scope (403, en and zh) and changes nothing', async () => {
    // a SunPath device bound (by the platform admin) to a Delta plant the agent may not change
    const p = await plant('DELTA');
    const d = await device('DWP-4A', p);
    const before = await snapshot(p, [d]);
    const res = await call('DELETE', `/devices/${d}?withPlant=true`, agent);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(
      'DWP-4A is bound to a plant outside your organisation scope: nothing was deleted. Delete the device without its plant',
    );
    expect((await call('DELETE', `/devices/${d}?withPlant=true`, agent, 'zh')).json().msg).toContain(
      '不在您的组织范围内',
    );
    expect(await snapshot(p, [d])).toEqual(before);
    // the platform admin's scope holds it
    expect((await call('DELETE', `/devices/${d}?withPlant=true`, admin)).statusCode).toBe(200);
    expect((await snapshot(p, [d])).plant).toEqual([0, 0, 0, 0]);
  });

  it('refuses the flag on a bound sub device (its plant goes with the collector) and changes nothing', async () => {
    const p = await plant('SUNPATH');
    const collector = await device('DWP-5C', p, { type: 'collector' });
    const sub = await device('DWP-5S', p, { parent: collector });
    const before = await snapshot(p, [collector, sub]);
    const res = await call('DELETE', `/devices/${sub}?withPlant=true`, agent);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(
      "A sub device is bound to its collector's plant: delete the collector DWP-5C with its plant, or the sub device alone",
    );
    expect(await snapshot(p, [collector, sub])).toEqual(before);
    // the collector takes its sub device and its plant along
    expect((await call('DELETE', `/devices/${collector}?withPlant=true`, agent)).statusCode).toBe(200);
    expect(await snapshot(p, [collector, sub])).toEqual({ plant: [0, 0, 0, 0], devices: [], samples: 0 });
  });

  it('keeps the plant without the flag or with withPlant=false, and refuses another value (400)', async () => {
    const p = await plant('SUNPATH');
    const [a, b, c] = [await device('DWP-6A', p), await device('DWP-6B', p), await device('DWP-6C', p)];
    expect((await call('DELETE', `/devices/${a}?withPlant=yes`, agent)).statusCode).toBe(400);
    expect((await call('DELETE', `/devices/${a}`, agent)).statusCode).toBe(200);
    expect((await call('DELETE', `/devices/${b}?withPlant=false`, agent)).statusCode).toBe(200);
    const left = await snapshot(p, [a, b, c]);
    expect(left.plant).toEqual([1, 1, 1, 1]);
    expect(left.devices).toEqual([{ id: c, plant_id: p, parent_id: null }]);
    // a device outside the scope stays 404 with or without the flag
    const delta = await t.app.db
      .selectFrom('devices as d')
      .innerJoin('orgs as o', 'o.id', 'd.org_id')
      .select('d.id')
      .where('o.code', '=', 'DELTA')
      .executeTakeFirstOrThrow();
    expect((await call('DELETE', `/devices/${delta.id}?withPlant=true`, agent)).statusCode).toBe(404);
  });
});
