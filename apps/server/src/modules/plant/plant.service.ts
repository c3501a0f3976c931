import {
  localDay,
  powerFlowOf,
  splitEmails,
  translate,
  type ChartRange,
  type FaultRow,
  type GrantCreateBody,
  type GrantPerm,
  type GrantRow,
  type PlantBody,
  type PlantDetail,
  type PlantDeviceRow,
  type PlantListQuery,
  type PlantOptions,
  type Points,
  minorToDecimal,
} from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { ApiError, badRequest, notFound } from '../../lib/errors.js';
import { maskEmail, maskMobile, seesContactOf } from '../../lib/scope.js';
import type { SessionUser } from '../../lib/types.js';
import { zonedTime, type XlsxColumn, type XlsxExport } from '../../lib/xlsx-export.js';
import { plantChart as chartOf, plantLive, yieldAndRatio } from './plant-detail.js';
import * as repo from './plant.repository.js';
import { listFaults } from '../fault/index.js';
import { followPlantOwner } from '../customer/index.js';
import { applyPlantTariff, plantTariff } from '../tariff/index.js';

/** What the plant writes need beyond the database: they tell the stats job and the ingest. */
export interface PlantDeps {
  db: Kysely<Database>;
  /** The plant's stats and the list's tab counts are computed again soon (`refreshPlantsSoon`). */
  refreshSoon(): void;
  /** The ingest reads the devices' plants again (their time zone gives the plant-local days). */
  invalidateDevices(): void;
}

const maskAddress = (v: string | null) => (v ? `${v.slice(0, Math.min(6, Math.ceil(v.length / 3)))}****` : v);

/** The plant in the caller's data scope (a grant does not open writes), or 404. */
async function plantToChange(db: Kysely<Database>, me: SessionUser, id: number) {
  const plant = await repo.plantInScope(db, me, id);
  if (!plant) throw notFound();
  return plant;
}

/** 404 unless the caller sees the plant: their data scope or a grant. */
async function mustSee(db: Kysely<Database>, me: SessionUser, id: number) {
  if (!(await repo.plantInScope(db, me, id, 'see'))) throw notFound();
}

/** The owner (a customer) and the organisations a plant body names must be in the caller's scope (400). */
async function checkRefs(db: Kysely<Database>, me: SessionUser, b: Partial<PlantBody>) {
  if (b.ownerId && !(await repo.customerInScope(db, me, b.ownerId))) throw badRequest('error.ownerNotFound');
  for (const orgId of [b.installerOrgId, b.orgId]) {
    if (orgId && !(await repo.orgInScope(db, me, orgId))) throw badRequest('error.orgNotFound');
  }
}

/** Plants the caller sees (data scope and grants), one page with the tab counts, as PlantPage's JSON text. */
export function listPlantsJson(db: Kysely<Database>, me: SessionUser, q: PlantListQuery) {
  return repo.listPlantsJson(db, me, q);
}

type ExportKey =
  | 'id'
  | 'name'
  | 'capacityKw'
  | 'country'
  | 'timeZone'
  | 'address'
  | 'installedAt'
  | 'dataUpdatedAt'
  | 'ownerName'
  | 'installerName'
  | 'orgName'
  | 'power'
  | 'energyToday'
  | 'energyMonth'
  | 'energyYear'
  | 'energyTotal'
  | 'status'
  | 'revenueToday'
  | 'revenueTotal'
  | 'currency';

const EXPORT_COLUMNS: readonly XlsxColumn<ExportKey>[] = [
  { key: 'id', header: 'plantExport.id' },
  { key: 'name', header: 'plantExport.name', width: 28 },
  { key: 'capacityKw', header: 'plantExport.capacityKw' },
  { key: 'country', header: 'plantExport.country' },
  { key: 'timeZone', header: 'plantExport.timeZone' },
  { key: 'address', header: 'plantExport.address', width: 28 },
  { key: 'installedAt', header: 'plantExport.installedAt', date: 'YYYY-MM-DD' },
  // on the plant's clock, the zone named in the cell (as the console shows it)
  { key: 'dataUpdatedAt', header: 'plantExport.dataUpdatedAt', width: 30 },
  { key: 'ownerName', header: 'plantExport.ownerName' },
  { key: 'installerName', header: 'plantExport.installerName' },
  { key: 'orgName', header: 'plantExport.orgName' },
  { key: 'power', header: 'plantExport.power' },
  { key: 'energyToday', header: 'plantExport.energyToday' },
  { key: 'energyMonth', header: 'plantExport.energyMonth' },
  { key: 'energyYear', header: 'plantExport.energyYear' },
  { key: 'energyTotal', header: 'plantExport.energyTotal' },
  { key: 'status', header: 'plantExport.status' },
  { key: 'revenueToday', header: 'plantExport.revenueToday' },
  { key: 'revenueTotal', header: 'plantExport.revenueTotal' },
  { key: 'currency', header: 'plantExport.currency', width: 10 },
];

/** An amount in minor units as the number of its currency's major unit (12.34), for a spreadsheet cell. */
const money = (minor: number | null, currency: string | null) =>
  minor === null || currency === null ? null : Number(minorToDecimal(minor, currency));

/** The filtered list as an .xlsx (`sendXlsx`): every plant the list would show, in its order, status in `lang`. */
export function plantExport(
  db: Kysely<Database>,
  me: SessionUser,
  q: Omit<PlantListQuery, 'pageNum' | 'pageSize'>,
  lang: string,
): XlsxExport<Record<string, unknown>> {
  async function* rows() {
    for await (const p of repo.iteratePlants(db, me, q))
      yield {
        ...p,
        status: translate(lang, `plantExport.statuses.${p.status}`),
        // the plant's own day (a Date cell at that day's UTC midnight: no time, no zone to name)
        installedAt: p.installedAt ? new Date(`${localDay(p.installedAt, p.timeZone)}T00:00:00Z`) : null,
        dataUpdatedAt: p.dataUpdatedAt ? zonedTime(p.dataUpdatedAt, p.timeZone, lang) : null,
        revenueToday: money(p.revenueToday, p.currency),
        revenueTotal: money(p.revenueTotal, p.currency),
      };
  }
  return { filename: 'plants.xlsx', sheet: 'plantExport.sheet', columns: EXPORT_COLUMNS, rows: rows() };
}

/** Owners and organisations of the caller's scope for the plant form; e-mails masked without the sensitive grant. */
export async function plantOptions(db: Kysely<Database>, me: SessionUser): Promise<PlantOptions> {
  const [owners, orgs] = await repo.plantFormOptions(db, me);
  return {
    owners: owners.map((c) => ({
      id: c.id,
      name: c.name,
      nickname: c.nickname,
      email: me.sensitive ? c.email : maskEmail(c.email),
      orgId: c.org_id,
    })),
    orgs,
  };
}

/**
 * One plant the caller sees (404 otherwise) with its owner (contact details masked without the
 * sensitive grant, unless the owner is the caller), live figures, yield and ratio, and whether it is seen through the data scope
 * ('org') or only a grant.
 */
export async function plantDetail(
  db: Kysely<Database>,
  me: SessionUser,
  id: number,
  now = Date.now(),
): Promise<PlantDetail> {
  const plant = await repo.findPlant(db, me, id);
  if (!plant) throw notFound();
  const [owner, live, inOrg] = await Promise.all([
    plant.ownerId ? repo.findCustomer(db, plant.ownerId) : undefined,
    plantLive(db, plant.id),
    repo.plantInScope(db, me, plant.id),
  ]);
  // the owner's own account reads its details unmasked (a customer on its own plant)
  const sees = owner ? seesContactOf(me, owner.user_id) : false;
  return {
    ...plant,
    owner: owner
      ? {
          id: owner.id,
          name: owner.name,
          nickname: owner.nickname,
          email: sees ? owner.email : maskEmail(owner.email),
          phone: sees ? owner.phone : maskMobile(owner.phone),
          address: sees ? owner.address : maskAddress(owner.address),
        }
      : null,
    ...live,
    ...yieldAndRatio(plant, now),
    access: inOrg ? 'org' : 'grant',
  };
}

/** The production chart of a plant the caller sees (404 otherwise). */
export async function plantChart(
  db: Kysely<Database>,
  me: SessionUser,
  id: number,
  range: ChartRange,
  now = Date.now(),
) {
  const plant = await repo.plantZone(db, me, id);
  if (!plant) throw notFound();
  return chartOf(db, plant, range, now);
}

/** What a device contributes to its plant: production, else battery power, else the meter's net import. */
function powerOf(p: Points): number | null {
  return (
    p.acPower ??
    p.batteryPower ??
    (p.meterImportPower !== undefined ? p.meterImportPower - (p.meterExportPower ?? 0) : undefined) ??
    null
  );
}

/** The devices of a plant the caller sees, a grant included (read-only). */
export async function plantDevices(
  db: Kysely<Database>,
  me: SessionUser,
  id: number,
  { pageNum, pageSize }: { pageNum: number; pageSize: number },
): Promise<{ rows: PlantDeviceRow[]; total: number }> {
  await mustSee(db, me, id);
  const { rows, total } = await repo.listPlantDevices(db, id, pageSize, (pageNum - 1) * pageSize);
  return {
    rows: rows.map((r) => {
      const points = r.last_points ? (JSON.parse(r.last_points) as Points) : {};
      const flow = powerFlowOf(r.type, points);
      return {
        id: r.id,
        sn: r.sn,
        name: r.name,
        type: r.type,
        parentSn: r.parent_sn,
        onlineState: r.online_state,
        runState: r.run_state,
        lastOnlineAt: r.last_online_at === null ? null : Number(r.last_online_at),
        power: powerOf(points),
        direction: flow?.direction ?? null,
        powerW: flow?.powerW ?? null,
      };
    }),
    total,
  };
}

/** The faults of a plant the caller sees, a grant included, newest first. */
export async function plantFaults(
  db: Kysely<Database>,
  me: SessionUser,
  id: number,
  { pageNum, pageSize, state }: { pageNum: number; pageSize: number; state?: FaultRow['state'] },
  lang = 'en',
) {
  await mustSee(db, me, id);
  return listFaults(db, 'plant checked', { plantId: id, state }, pageSize, (pageNum - 1) * pageSize, undefined, lang);
}

/** Stars or unstars a plant the caller sees (per user); the favourite tab counts change. */
export async function setFavourite(db: Kysely<Database>, me: SessionUser, id: number, favourite: boolean) {
  await mustSee(db, me, id);
  if (favourite) await repo.addFavourite(db, me.id, id, Date.now());
  else await repo.removeFavourite(db, me.id, id);
  repo.clearPlantCounts();
}

/**
 * A plant of the body's organisation (the caller's own by default): owner and organisations in the
 * caller's scope (400), a name unique within the organisation (409).
 */
export async function createPlant(deps: PlantDeps, me: SessionUser, b: PlantBody) {
  await checkRefs(deps.db, me, b);
  await plantTariff(deps.db, b); // company, area and currency together, the company's (400)
  const orgId = b.orgId ?? me.orgId;
  if (await repo.plantNameTaken(deps.db, orgId, b.name)) throw new ApiError(409, 'error.plantNameTaken');
  const id = await repo.insertPlant(deps.db, orgId, b, Date.now());
  await applyPlantTariff(deps.db, id, b);
  // the owner's login account (a customer's) sees its plants
  if (b.ownerId) await followPlantOwner(deps.db, id, b.ownerId, me.id);
  deps.refreshSoon();
  return { id };
}

/** Edits a plant of the caller's data scope (404 otherwise) with the rules of `createPlant`. */
export async function updatePlant(deps: PlantDeps, me: SessionUser, id: number, b: PlantBody) {
  const plant = await plantToChange(deps.db, me, id);
  await checkRefs(deps.db, me, b);
  await plantTariff(deps.db, b);
  const orgId = b.orgId ?? plant.org_id;
  if (await repo.plantNameTaken(deps.db, orgId, b.name, plant.id)) throw new ApiError(409, 'error.plantNameTaken');
  await repo.updatePlant(deps.db, plant.id, orgId, b);
  await applyPlantTariff(deps.db, plant.id, b);
  if (b.ownerId !== undefined) await followPlantOwner(deps.db, plant.id, b.ownerId, me.id);
  deps.invalidateDevices();
  deps.refreshSoon();
}

/**
 * Deletes a plant of the caller's data scope (404 otherwise): its devices are unbound and kept with
 * all their data, its favourites and grants go. Answers how many devices were unbound.
 */
export async function deletePlant(deps: PlantDeps, me: SessionUser, id: number) {
  const plant = await plantToChange(deps.db, me, id);
  const unboundDevices = await repo.deletePlant(deps.db, plant.id);
  deps.invalidateDevices();
  deps.refreshSoon();
  return { unboundDevices };
}

/** The users authorised on a plant of the caller's data scope; e-mails masked without the sensitive grant. */
export async function listGrants(db: Kysely<Database>, me: SessionUser, id: number): Promise<GrantRow[]> {
  await plantToChange(db, me, id);
  const rows = await repo.listGrants(db, id);
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    loginName: r.login_name,
    nickname: r.nickname,
    email: seesContactOf(me, r.user_id) ? r.email : maskEmail(r.email),
    perms: r.perms.split(',') as GrantPerm[],
    grantedBy: r.granted_by,
    createdAt: Number(r.created_at),
  }));
}

const permsOf = (perms: GrantPerm[]) => [...new Set(perms)].join(',');

/**
 * Authorises the enabled users with these e-mails on a plant of the caller's data scope: every
 * e-mail must be an enabled user's (400 naming the others) and none the caller's own (400); a user
 * already authorised gets the new permissions.
 */
export async function grantUsers(db: Kysely<Database>, me: SessionUser, id: number, body: GrantCreateBody) {
  const plant = await plantToChange(db, me, id);
  const emails = splitEmails(body.emails);
  const self = await repo.userEmail(db, me.id);
  if (self && emails.includes(self.toLowerCase())) throw badRequest('validation.authorisedSelf');
  const users = await repo.enabledUsersByEmail(db, emails);
  const found = new Set(users.map((u) => u.email!.toLowerCase()));
  const unknown = emails.filter((e) => !found.has(e));
  if (unknown.length) throw badRequest('error.unknownEmails', { emails: unknown.join(', ') });
  if (users.some((u) => u.id === me.id)) throw badRequest('validation.authorisedSelf');
  await repo.upsertGrants(
    db,
    plant.id,
    users.map((u) => u.id),
    permsOf(body.perms),
    me.id,
    Date.now(),
  );
  repo.clearPlantCounts();
}

/** Changes the permissions of one of the plant's grants (404 for a plant outside the data scope or another plant's grant). */
export async function updateGrant(
  db: Kysely<Database>,
  me: SessionUser,
  id: number,
  grantId: number,
  perms: GrantPerm[],
) {
  await plantToChange(db, me, id);
  if (!(await repo.updateGrant(db, id, grantId, permsOf(perms)))) throw notFound();
}

/** Withdraws one of the plant's grants (404 as for `updateGrant`). */
export async function revokeGrant(db: Kysely<Database>, me: SessionUser, id: number, grantId: number) {
  await plantToChange(db, me, id);
  if (!(await repo.deleteGrant(db, id, grantId))) throw notFound();
  repo.clearPlantCounts();
}
