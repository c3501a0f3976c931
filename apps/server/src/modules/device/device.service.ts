import {
  DEFAULT_DATE_FORMAT,
  isSubDeviceType,
  powerFlowOf,
  translate,
  type DeviceCreateBody,
  type DeviceCreatedData,
  type DeviceDetail,
  type DeviceListFilters,
  type DeviceListQuery,
  type DeviceRow,
  type DeviceUpdateBody,
} from '@pv/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import {
  dayStart,
  deviceKeyColumns,
  hashDeviceKey,
  IngestRejected,
  newDeviceKey,
  type Ingest,
  type UpKind,
} from '../../ingest/index.js';
import { ApiError, badRequest, notFound, unauthorized } from '../../lib/errors.js';
import type { SessionUser } from '../../lib/types.js';
import type { XlsxColumn, XlsxExport } from '../../lib/xlsx-export.js';
import { deletePlantRows } from '../plant/index.js';
import { plantInScope } from '../plant/index.js';
import { inTransaction } from '../../db/transaction.js';
import * as repo from './device.repository.js';

/** What the device writes need beyond the database: the ingest re-reads the facts of devices that changed. */
export interface DeviceDeps {
  db: Kysely<Database>;
  ingest: Pick<Ingest, 'invalidate'>;
  /** A plant was deleted with its device: its stats and the plant list's counts are refreshed. */
  plantsChanged(): void;
}

export function listDevices(db: Kysely<Database>, me: SessionUser, query: DeviceListQuery) {
  const { pageNum, pageSize, sortField, sortOrder, ...filters } = query;
  return repo.listDevices(db, me, filters, { field: sortField, order: sortOrder }, pageSize, (pageNum - 1) * pageSize);
}

const EXPORT_KEYS = [
  'id',
  'name',
  'sn',
  'productName',
  'type',
  'commMode',
  'onlineState',
  'runState',
  'hwVersion',
  'swVersion',
  'protocolVersion',
  'lastOnlineAt',
  'plantName',
  'orgName',
  'parentSn',
  'subCount',
] as const satisfies readonly (keyof DeviceRow)[];

const EXPORT_COLUMNS: XlsxColumn[] = EXPORT_KEYS.map((key) => ({
  key,
  header: `deviceExport.${key}` as const,
  width: key === 'id' || key === 'subCount' ? 10 : 20,
  ...(key === 'lastOnlineAt' && { date: DEFAULT_DATE_FORMAT }),
}));

/** The filtered device list as an export (the sort is the id's: keyset batches), states in the caller's language. */
export function exportDevices(
  db: Kysely<Database>,
  me: SessionUser,
  filters: DeviceListFilters,
  lang: string,
): XlsxExport<Record<string, unknown>> {
  const { sortField: _f, sortOrder: _o, ...rest } = filters;
  async function* rows() {
    for await (const r of repo.iterateDevices(db, me, rest))
      yield {
        ...r,
        onlineState: translate(lang, `deviceExport.state.${r.onlineState}`),
        runState: translate(lang, `deviceExport.state.${r.runState}`),
        lastOnlineAt: r.lastOnlineAt ? new Date(r.lastOnlineAt) : null,
      };
  }
  return { filename: 'devices.xlsx', sheet: 'deviceExport.sheet', columns: EXPORT_COLUMNS, rows: rows() };
}

/**
 * One device the caller may see (scope or plant grant, else 404) with its figures by type, on its
 * plant's calendar (docs/energy-model.md): an inverter's production (counter deltas, as its plant
 * counts them), a battery's charge and discharge, a meter's import and export, a collector's
 * signal; and its power as a direction and an unsigned figure.
 */
export async function deviceDetail(db: Kysely<Database>, me: SessionUser, id: number): Promise<DeviceDetail> {
  const found = await repo.findDeviceRow(db, me, id);
  if (!found) throw notFound();
  const { row, timeZone } = found;
  const now = Date.now();
  const energy = await repo.deviceEnergy(db, row.id, timeZone, now);
  const points = row.points ?? {};
  const num = (name: string) => {
    const v = points[name];
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  };
  // a lifetime counter's energy since the plant-local midnight: its reading now less its reading then
  let midnight: Record<string, number> | undefined | null = null;
  const today = async (name: string) => {
    const reading = num(name);
    if (reading === null) return null;
    if (midnight === null) midnight = await repo.countersAt(db, row.id, dayStart(now, timeZone ?? 'Asia/Shanghai'));
    const then = midnight?.[name];
    return then === undefined ? null : kWh(Math.max(0, reading - then));
  };
  const detail: DeviceDetail = { ...row, energy, flow: powerFlowOf(row.type, points) };
  if (row.type === 'inverter') detail.production = { ...energy, counterKwh: num('energyTotal') };
  else if (row.type === 'battery') {
    // the discharge counter is the one its energyTotal reports (counted exactly per day, like production)
    const dischargeTotal = num('batteryDischargeEnergy') ?? num('energyTotal');
    detail.battery = {
      socPercent: num('batterySoc'),
      temperatureC: num('temperature'),
      chargeToday: await today('batteryChargeEnergy'),
      dischargeToday: dischargeTotal === null ? null : energy.today,
      chargeTotal: num('batteryChargeEnergy'),
      dischargeTotal,
    };
  } else if (row.type === 'meter')
    detail.meter = {
      importToday: await today('meterImportEnergy'),
      exportToday: await today('meterExportEnergy'),
      importTotal: num('meterImportEnergy'),
      exportTotal: num('meterExportEnergy'),
    };
  else if (row.type === 'collector') detail.collector = { rssiDbm: num('rssi') };
  return detail;
}

const kWh = (v: number) => Math.round(v * 1000) / 1000;

/**
 * A device's own HTTP submission (the device protocol): its SN and key must match (401, counted
 * and logged as the broker's refused sign-ins are); a payload the ingest refuses is a 400.
 */
export async function submitFromDevice(
  deps: { db: Kysely<Database>; ingest: Pick<Ingest, 'submit' | 'stats'>; log: FastifyBaseLogger },
  sn: string,
  kind: UpKind,
  deviceKey: string,
  body: unknown,
) {
  const secretHash = await repo.deviceSecretHash(deps.db, sn);
  if (!secretHash || secretHash !== hashDeviceKey(deviceKey)) {
    deps.ingest.stats.refusedHttp++;
    deps.log.warn({ sn }, 'device HTTP request refused: unknown SN or wrong key');
    throw unauthorized('error.deviceCredentials');
  }
  try {
    await deps.ingest.submit(sn, kind, body);
  } catch (err) {
    if (err instanceof IngestRejected) throw new ApiError(400, 'error.badPayload', { reason: err.message });
    throw err;
  }
}

/**
 * The collector a device of `type` is to report through: only inverters, batteries and meters
 * report through one (400); the collector must be in the caller's scope (404) and be a collector (400).
 */
async function collectorFor(db: Kysely<Database>, me: SessionUser, sn: string, type: string) {
  if (!isSubDeviceType(type)) throw badRequest('error.subDeviceType');
  const parent = await repo.parentInScope(db, me, sn);
  if (!parent) throw notFound();
  if (parent.type !== 'collector') throw badRequest('error.parentNotCollector', { sn: parent.sn });
  return parent;
}

/** A device in the caller's data scope, else 404. */
async function ownDevice(db: Kysely<Database>, me: SessionUser, id: number) {
  const device = await repo.deviceInScope(db, me, { id });
  if (!device) throw notFound();
  return device;
}

/**
 * Registers a device (SN unique, 409) in the organisation of its plant (in scope, else 404) or the
 * caller's; its key is answered once. A sub device reports through its collector: the collector's
 * organisation and plant (another plant is a 400), communication 'collector', no key of its own.
 */
export async function createDevice(
  db: Kysely<Database>,
  me: SessionUser,
  b: DeviceCreateBody,
): Promise<DeviceCreatedData> {
  const parent = b.parentSn ? await collectorFor(db, me, b.parentSn, b.type) : undefined;
  if (parent && b.plantId != null && b.plantId !== parent.plant_id)
    throw badRequest('error.subDevicePlant', { sn: parent.sn });
  const plant = !parent && b.plantId ? await plantInScope(db, me, b.plantId, 'change') : undefined;
  if (!parent && b.plantId && !plant) throw notFound();
  if (b.productId != null && !(await repo.productExists(db, b.productId))) throw badRequest('error.productNotFound');
  if (await repo.snTaken(db, b.sn)) throw new ApiError(409, 'error.snTaken');
  const deviceKey = parent ? null : newDeviceKey();
  const id = await repo.insertDevice(db, {
    sn: b.sn,
    name: b.name,
    type: b.type,
    product_id: b.productId ?? null,
    org_id: parent?.org_id ?? plant?.org_id ?? me.orgId,
    plant_id: parent ? parent.plant_id : (plant?.id ?? null),
    parent_id: parent?.id ?? null,
    ...(deviceKey ? deviceKeyColumns(deviceKey) : { secret_hash: null }),
    mac: b.mac ?? null,
    comm_mode: parent ? 'collector' : b.commMode,
    online_state: 'inactive',
    run_state: 'normal',
    hw_version: null,
    sw_version: null,
    protocol_version: null,
    last_online_at: null,
    last_points: null,
    created_at: Date.now(),
  });
  return { id, sn: b.sn, deviceKey, parentSn: parent?.sn ?? null };
}

/**
 * Edits a device. `parentSn` moves it under a collector (it takes the collector's organisation
 * and plant and loses its key) or, null, makes it a device of its own again; a collector's sub
 * devices follow its plant.
 */
export async function updateDevice({ db, ingest }: DeviceDeps, me: SessionUser, id: number, b: DeviceUpdateBody) {
  const device = await ownDevice(db, me, id);
  const current = await repo.findParent(db, device.parent_id);
  // undefined: not a sub device (any more)
  const parent =
    b.parentSn === undefined || b.parentSn === current?.sn
      ? current
      : b.parentSn === null
        ? undefined
        : await collectorFor(db, me, b.parentSn, device.type);
  if (parent && b.plantId !== undefined && b.plantId !== parent.plant_id)
    throw badRequest('error.subDevicePlant', { sn: parent.sn });
  if (!parent && b.plantId && !(await plantInScope(db, me, b.plantId, 'change'))) throw notFound();
  if (b.productId != null && !(await repo.productExists(db, b.productId))) throw badRequest('error.productNotFound');
  const common = {
    ...(b.name !== undefined && { name: b.name }),
    ...(b.productId !== undefined && { product_id: b.productId }),
    ...(b.mac !== undefined && { mac: b.mac }),
  };
  await inTransaction(db, async (trx) => {
    if (parent) {
      // a device moved under a collector signs in through it from now on: its own key goes
      await repo.updateDevice(trx, device.id, {
        ...common,
        parent_id: parent.id,
        org_id: parent.org_id,
        plant_id: parent.plant_id,
        comm_mode: 'collector',
        ...(device.parent_id === null && { secret_hash: null, broker_hash: null }),
      });
      return;
    }
    // a former sub device keeps its organisation and plant and has no key until one is rotated for it
    const commMode = b.commMode ?? (device.parent_id !== null ? 'mqtt' : undefined);
    await repo.updateDevice(trx, device.id, {
      ...common,
      ...(device.parent_id !== null && { parent_id: null }),
      ...(b.plantId !== undefined && { plant_id: b.plantId }),
      ...(commMode !== undefined && { comm_mode: commMode }),
    });
    if (b.plantId !== undefined) await repo.setSubDevicesPlant(trx, device.id, b.plantId);
  });
  ingest.invalidate(device.sn);
}

/** A new key for a device of its own (a sub device has none: 400); answered once. */
export async function rotateDeviceKey(db: Kysely<Database>, me: SessionUser, id: number) {
  const device = await ownDevice(db, me, id);
  const parent = await repo.findParent(db, device.parent_id);
  if (parent) throw badRequest('error.subDeviceNoKey', { sn: parent.sn });
  const deviceKey = newDeviceKey();
  await repo.updateDevice(db, device.id, deviceKeyColumns(deviceKey));
  return { id: device.id, sn: device.sn, deviceKey };
}

/** Binds a device and its sub devices to a plant (both in scope, else 404); a sub device follows its collector (400). */
export async function bindDevice({ db, ingest }: DeviceDeps, me: SessionUser, id: number, plantId: number) {
  const device = await repo.deviceInScope(db, me, { id });
  const plant = await plantInScope(db, me, plantId, 'change');
  if (!device || !plant) throw notFound();
  const parent = await repo.findParent(db, device.parent_id);
  if (parent) throw badRequest('error.subDevicePlant', { sn: parent.sn });
  await repo.setPlantWithSubDevices(db, device.id, plant.id);
  ingest.invalidate();
}

/** Unbinds a bound device (else 400) and its sub devices; a sub device follows its collector (400). */
export async function unbindDevice({ db, ingest }: DeviceDeps, me: SessionUser, id: number) {
  const device = await ownDevice(db, me, id);
  const parent = await repo.findParent(db, device.parent_id);
  if (parent) throw badRequest('error.subDevicePlant', { sn: parent.sn });
  if (device.plant_id === null) throw badRequest('error.deviceNotBound');
  await repo.setPlantWithSubDevices(db, device.id, null);
  ingest.invalidate();
}

/**
 * Deletes a device with its sub devices and their data, in one transaction; `withPlant` also
 * deletes its bound plant as DELETE /plants/:id does (plant:delete, else 403; the plant in the
 * caller's organisation scope, else 403; not through a sub device, 400). Answers the deleted plant.
 */
export async function deleteDevice(
  { db, ingest, plantsChanged }: DeviceDeps,
  me: SessionUser,
  id: number,
  withPlant: boolean,
) {
  const device = await ownDevice(db, me, id);
  // every check before anything is written: a refused plant leaves the device too
  if (withPlant && !me.perms.has('plant:delete')) throw new ApiError(403, 'error.plantDeleteForbidden');
  // a device no longer bound (a second device of a plant deleted a moment ago) goes alone
  let plant: { id: number; name: string } | undefined;
  if (withPlant && device.plant_id !== null) {
    // a sub device is bound through its collector: its plant goes with the collector only
    const parent = await repo.findParent(db, device.parent_id);
    if (parent) throw badRequest('error.subDevicePlantDelete', { sn: parent.sn });
    plant = await plantInScope(db, me, device.plant_id, 'change');
    if (!plant) throw new ApiError(403, 'error.boundPlantOutOfScope', { sn: device.sn });
  }
  await inTransaction(db, async (trx) => {
    await repo.deleteDeviceData(trx, [device.id, ...(await repo.subDeviceIds(trx, device.id))]);
    await repo.deleteDeviceRows(trx, device.id);
    // the plant's other devices are unbound and kept with their data
    if (plant) await deletePlantRows(trx, plant.id);
  });
  ingest.invalidate();
  if (plant) plantsChanged();
  return { sn: device.sn, plant };
}
