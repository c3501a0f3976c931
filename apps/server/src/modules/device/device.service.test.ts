import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/database.js';
import type { SessionUser } from '../../lib/types.js';
import { serviceDb } from '../../../test/service-db.js';
import * as devices from './device.service.js';

let db: Kysely<Database>;
let close: () => Promise<void>;
/** The caller's organisation, a child of it (in scope) and an organisation outside the scope. */
const org = { mine: 0, child: 0, other: 0 };

beforeAll(async () => {
  const t = await serviceDb('device-service');
  ({ db, close } = t);
  const mine = await t.addOrg('MINE');
  org.mine = mine.id;
  org.child = (await t.addOrg('CHILD', mine)).id;
  org.other = (await t.addOrg('OTHER')).id;
});

afterAll(() => close());

const ALL_PERMS = ['device:create', 'device:update', 'device:bind', 'device:unbind', 'device:delete', 'plant:delete'];

/** A signed-in user of organisation MINE who sees it and its children. */
function user(perms = ALL_PERMS): SessionUser {
  return {
    id: 1,
    loginName: 'tester',
    sessionId: 1,
    roleIds: [],
    orgId: org.mine,
    orgPath: `/${org.mine}/`,
    orgGroupCode: 'AGENT',
    perms: new Set(perms),
    dataScope: 'orgAndChildren',
    sensitive: false,
  };
}

function deps() {
  return { db, ingest: { invalidate: vi.fn() }, plantsChanged: vi.fn() };
}

let seq = 0;
const sn = (prefix: string) => `${prefix}-${++seq}`;

async function addPlant(orgId: number) {
  const { id } = await db
    .insertInto('plants')
    .values({
      org_id: orgId,
      name: sn('plant'),
      capacity_wp: 10_000,
      country: null,
      time_zone: 'Europe/Berlin',
      latitude: null,
      longitude: null,
      address: null,
      install_position: null,
      installed_at: null,
      created_at: 0,
      owner_id: null,
      installer_org_id: null,
      install_capacity_wp: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const device = (id: number) => db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirst();
const plantExists = async (id: number) =>
  (await db.selectFrom('plants').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

/** A collector with `subs` inverters under it, through the service, bound to `plantId` when given. */
async function collectorWithSubs(subs: number, plantId?: number) {
  const me = user();
  const collector = await devices.createDevice(db, me, {
    sn: sn('COL'),
    name: 'collector',
    type: 'collector',
    commMode: 'mqtt',
    plantId,
  });
  const subIds: number[] = [];
  for (let i = 0; i < subs; i++)
    subIds.push(
      (
        await devices.createDevice(db, me, {
          sn: sn('INV'),
          name: 'inverter',
          type: 'inverter',
          commMode: 'mqtt',
          parentSn: collector.sn,
        })
      ).id,
    );
  return { collector, subIds };
}

/** One row in every table of device data the delete clears by hand, plus a 5-minute rollup (foreign-key cascade). */
async function addData(deviceId: number) {
  await db.insertInto('samples').values({ device_id: deviceId, ts: 1, points: '{"p":1}', received_at: 1 }).execute();
  await db
    .insertInto('device_daily')
    .values({ device_id: deviceId, day: '2026-11-01', energy_kwh: 1, updated_at: 1 })
    .execute();
  await db.insertInto('device_counters').values({ device_id: deviceId, last_ts: 1, last_total: 1 }).execute();
  await db
    .insertInto('faults')
    .values({ device_id: deviceId, code: 'F1', message: null, state: 'unrepaired', opened_at: 1, fixed_at: null })
    .execute();
  await db
    .insertInto('commands')
    .values({
      cmd_id: sn('cmd'),
      device_id: deviceId,
      kind: 'reboot',
      params: '{}',
      status: 'processing',
      ack_content: null,
      source: 'console',
      sent_by: null,
      created_at: 1,
      updated_at: 1,
    })
    .execute();
  await db
    .insertInto('device_rollup_5m')
    .values({ device_id: deviceId, bucket: 0, n: 1, points: '{"p":1}', point_n: null })
    .execute();
}

const DATA_TABLES = ['samples', 'device_daily', 'device_counters', 'faults', 'commands', 'device_rollup_5m'] as const;

/** How many rows each data table holds for these devices. */
async function dataRows(ids: number[]) {
  const counts: Record<string, number> = {};
  for (const t of DATA_TABLES) {
    const r = await db
      .selectFrom(t)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('device_id', 'in', ids)
      .executeTakeFirstOrThrow();
    counts[t] = Number(r.n);
  }
  return counts;
}
const none = Object.fromEntries(DATA_TABLES.map((t) => [t, 0]));
const one = Object.fromEntries(DATA_TABLES.map((t) => [t, 1]));

describe('device service: sub devices', () => {
  it("a sub device takes its collector's organisation and plant and gets no key", async () => {
    // the collector is in the child organisation (its plant's), not the caller's own
    const plantId = await addPlant(org.child);
    const { collector, subIds } = await collectorWithSubs(1, plantId);
    expect(collector.deviceKey).toEqual(expect.any(String));
    const col = await device(collector.id);
    expect(col).toMatchObject({ org_id: org.child, plant_id: plantId });

    const sub = await devices.createDevice(db, user(), {
      sn: sn('BAT'),
      name: 'battery',
      type: 'battery',
      commMode: 'mqtt',
      parentSn: collector.sn,
    });
    expect(sub.deviceKey).toBeNull();
    expect(sub.parentSn).toBe(collector.sn);
    for (const id of [sub.id, subIds[0]!])
      expect(await device(id)).toMatchObject({
        org_id: org.child,
        plant_id: plantId,
        parent_id: collector.id,
        secret_hash: null,
        comm_mode: 'collector',
      });
  });

  it('a sub device under a device that is not a collector is refused (400), and nothing is created', async () => {
    const inverter = await devices.createDevice(db, user(), {
      sn: sn('INV'),
      name: 'inverter',
      type: 'inverter',
      commMode: 'mqtt',
    });
    const subSn = sn('INV');
    await expect(
      devices.createDevice(db, user(), {
        sn: subSn,
        name: 'sub',
        type: 'inverter',
        commMode: 'mqtt',
        parentSn: inverter.sn,
      }),
    ).rejects.toMatchObject({ code: 400, key: 'error.parentNotCollector', values: { sn: inverter.sn } });
    expect(await db.selectFrom('devices').select('id').where('sn', '=', subSn).executeTakeFirst()).toBeUndefined();
  });
});

describe('device service: plant binding', () => {
  it('binding a collector moves its sub devices to the plant', async () => {
    const { collector, subIds } = await collectorWithSubs(2);
    expect((await device(subIds[0]!))?.plant_id).toBeNull();
    const plantId = await addPlant(org.mine);
    const d = deps();
    await devices.bindDevice(d, user(), collector.id, plantId);
    for (const id of [collector.id, ...subIds]) expect((await device(id))?.plant_id).toBe(plantId);
    expect(d.ingest.invalidate).toHaveBeenCalled();
  });

  it('unbinding a device bound to no plant is refused (400)', async () => {
    const { collector } = await collectorWithSubs(0);
    await expect(devices.unbindDevice(deps(), user(), collector.id)).rejects.toMatchObject({
      code: 400,
      key: 'error.deviceNotBound',
    });
  });

  it('a plant outside the caller’s scope is a 404, on create and on bind, and changes nothing', async () => {
    const foreign = await addPlant(org.other);
    const newSn = sn('INV');
    await expect(
      devices.createDevice(db, user(), { sn: newSn, name: 'x', type: 'inverter', commMode: 'mqtt', plantId: foreign }),
    ).rejects.toMatchObject({ code: 404, key: 'error.notFound' });
    expect(await db.selectFrom('devices').select('id').where('sn', '=', newSn).executeTakeFirst()).toBeUndefined();

    const { collector, subIds } = await collectorWithSubs(1);
    await expect(devices.bindDevice(deps(), user(), collector.id, foreign)).rejects.toMatchObject({ code: 404 });
    for (const id of [collector.id, ...subIds]) expect((await device(id))?.plant_id).toBeNull();
  });
});

describe('device service: delete', () => {
  it('deleting a device deletes its sub devices and their data rows, and leaves other devices’ data', async () => {
    const { collector, subIds } = await collectorWithSubs(2);
    const { collector: bystander } = await collectorWithSubs(0);
    for (const id of [collector.id, ...subIds, bystander.id]) await addData(id);
    const ids = [collector.id, ...subIds];
    expect(await dataRows(ids)).toEqual(Object.fromEntries(DATA_TABLES.map((t) => [t, 3])));

    await devices.deleteDevice(deps(), user(), collector.id, false);
    for (const id of ids) expect(await device(id)).toBeUndefined();
    expect(await dataRows(ids)).toEqual(none);
    expect(await device(bystander.id)).toBeDefined();
    expect(await dataRows([bystander.id])).toEqual(one);
  });

  it('delete withPlant without plant:delete is a 403 and changes nothing', async () => {
    const plantId = await addPlant(org.mine);
    const { collector, subIds } = await collectorWithSubs(1, plantId);
    await addData(collector.id);
    const d = deps();
    const me = user(ALL_PERMS.filter((p) => p !== 'plant:delete'));
    await expect(devices.deleteDevice(d, me, collector.id, true)).rejects.toMatchObject({
      code: 403,
      key: 'error.plantDeleteForbidden',
    });
    expect(await plantExists(plantId)).toBe(true);
    for (const id of [collector.id, ...subIds]) expect((await device(id))?.plant_id).toBe(plantId);
    expect(await dataRows([collector.id])).toEqual(one);
    expect(d.plantsChanged).not.toHaveBeenCalled();

    // the same call with the permission deletes the plant too: the refusal above was the permission's
    const res = await devices.deleteDevice(d, user(), collector.id, true);
    expect(res.plant?.id).toBe(plantId);
    expect(await plantExists(plantId)).toBe(false);
    expect(d.plantsChanged).toHaveBeenCalledOnce();
  });
});
