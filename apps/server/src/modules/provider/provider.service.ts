import {
  isValidName,
  translate,
  type ProviderAssignBody,
  type providerBody,
  type ProviderPlantQuery,
  type ProviderQuery,
  type ProviderRow,
  type providerUpdateBody,
} from '@pv/contract';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { ApiError, badRequest, notFound } from '../../lib/errors.js';
import { maskMobile } from '../../lib/scope.js';
import type { SessionUser } from '../../lib/types.js';
import type { XlsxColumn, XlsxExport } from '../../lib/xlsx-export.js';
import type { AuditNote } from '../../plugins/audit.js';
import * as repo from './provider.repository.js';

type Db = Kysely<Database>;
type Body = z.output<typeof providerBody>;
type UpdateBody = z.output<typeof providerUpdateBody>;

type Record_ = NonNullable<Awaited<ReturnType<typeof repo.findProvider>>>;

function toRow(r: Omit<Record_, 'parent_id'>, sensitive: boolean): ProviderRow {
  return {
    id: r.id,
    name: r.name,
    code: r.code,
    address: r.address,
    providerType: r.provider_type as ProviderRow['providerType'],
    contact: r.contact,
    phone: sensitive ? r.phone : maskMobile(r.phone),
    serviceType: r.service_type as ProviderRow['serviceType'],
    serviceArea: r.service_area,
    contractNo: r.contract_no,
    contractStatus: (r.contract_status ?? 'active') as ProviderRow['contractStatus'],
    certification: r.certification,
    projects: Number(r.projects),
    lastMaintenanceAt: r.last_maintenance_at,
    remarks: r.remarks,
    createdAt: Number(r.created_at),
  };
}

export async function listProviders(
  db: Db,
  me: SessionUser,
  { pageNum, pageSize, ...f }: ProviderQuery & { pageNum: number; pageSize: number },
) {
  const { rows, total } = await repo.listProviders(db, me, f, pageSize, (pageNum - 1) * pageSize);
  return { rows: rows.map((r) => toRow(r, me.sensitive)), total };
}

async function mustFind(db: Db, me: SessionUser, id: number) {
  const p = await repo.findProvider(db, me, id);
  if (!p) throw notFound();
  return p;
}

export async function getProvider(db: Db, me: SessionUser, id: number) {
  return toRow(await mustFind(db, me, id), me.sensitive);
}

export const providerOptions = repo.providerOptions;

const blank = (v: string | null | undefined) => (v ? v : null);
function profileOf(b: Body | UpdateBody) {
  return {
    provider_type: b.providerType ?? null,
    service_type: b.serviceType ?? null,
    service_area: blank(b.serviceArea),
    contract_no: blank(b.contractNo),
    contract_status: b.contractStatus,
    certification: blank(b.certification),
    last_maintenance_at: blank(b.lastMaintenanceAt),
    remarks: blank(b.remarks),
    updated_at: Date.now(),
  };
}

/** An identifier for the new organisation (the provider form does not ask for one). */
async function freshCode(db: Db) {
  for (;;) {
    const code = `SP-${randomBytes(4).toString('hex').toUpperCase()}`;
    if (!(await repo.orgCodeTaken(db, code))) return code;
  }
}

/** A new provider: an organisation of the service-provider group below the caller's own, and its profile. */
export async function createProvider(db: Db, me: SessionUser, b: Body) {
  const groupId = await repo.agentGroupId(db);
  if (!groupId) throw badRequest('provider.groupMissing');
  const parentPath = await repo.orgPath(db, me.orgId);
  if (!parentPath) throw notFound();
  const code = await freshCode(db);
  const id = await inTransaction(db, (trx) =>
    repo.insertProvider(
      trx,
      {
        parent_id: me.orgId,
        group_id: groupId,
        name: b.name,
        code,
        number: null,
        address: blank(b.address),
        contact: blank(b.contact),
        phone: blank(b.phone),
        created_at: Date.now(),
      },
      parentPath,
      profileOf(b),
    ),
  );
  return { data: await getProvider(db, me, id), note: { recordId: id, summary: b.name } satisfies AuditNote };
}

export async function updateProvider(db: Db, me: SessionUser, id: number, b: UpdateBody) {
  const p = await mustFind(db, me, id);
  if (b.name !== p.name && !isValidName(b.name)) throw badRequest('validation.name');
  // a phone left out keeps the stored one (a caller without the sensitive-data grant saw it masked)
  const phone = b.phone === undefined || (!me.sensitive && b.phone === maskMobile(p.phone)) ? p.phone : blank(b.phone);
  await inTransaction(db, (trx) =>
    repo.updateProvider(
      trx,
      id,
      { name: b.name, address: blank(b.address), contact: blank(b.contact), phone },
      profileOf(b),
    ),
  );
  return {
    data: await getProvider(db, me, id),
    note: { summary: p.name === b.name ? b.name : `${p.name} → ${b.name}` } satisfies AuditNote,
  };
}

/** Deletes a provider that serves no plant and holds no users, roles or sub-organisations. */
export async function deleteProvider(db: Db, me: SessionUser, id: number): Promise<AuditNote> {
  const p = await mustFind(db, me, id);
  if (p.id === me.orgId) throw badRequest('provider.ownOrg');
  const projects = Number(p.projects);
  if (projects > 0) throw new ApiError(409, 'provider.hasPlants', { count: projects });
  const load = await repo.orgLoad(db, id);
  if (load.users || load.roles || load.children || load.devices) throw new ApiError(409, 'provider.inUse');
  await inTransaction(db, (trx) => repo.deleteProvider(trx, id));
  return { summary: p.name };
}

const EXPORT_COLUMNS: readonly XlsxColumn[] = [
  { key: 'name', header: 'providerExport.name', width: 28 },
  { key: 'code', header: 'providerExport.code' },
  { key: 'providerType', header: 'providerExport.providerType' },
  { key: 'contact', header: 'providerExport.contact' },
  { key: 'phone', header: 'providerExport.phone' },
  { key: 'address', header: 'providerExport.address', width: 36 },
  { key: 'serviceType', header: 'providerExport.serviceType' },
  { key: 'serviceArea', header: 'providerExport.serviceArea', width: 28 },
  { key: 'contractNo', header: 'providerExport.contractNo' },
  { key: 'contractStatus', header: 'providerExport.contractStatus' },
  { key: 'certification', header: 'providerExport.certification', width: 28 },
  { key: 'projects', header: 'providerExport.projects', width: 10 },
  { key: 'lastMaintenanceAt', header: 'providerExport.lastMaintenanceAt', date: 'YYYY-MM-DD' },
  { key: 'remarks', header: 'providerExport.remarks', width: 40 },
];

/** The filtered list as a workbook, in the caller's language, masked as the list is. */
export function exportProviders(
  db: Db,
  me: SessionUser,
  f: Omit<ProviderQuery, 'pageNum' | 'pageSize'>,
  lang: string,
): XlsxExport<Record<string, unknown>> {
  async function* rows() {
    for await (const r of repo.iterateProviders(db, me, f)) {
      const row = toRow(r, me.sensitive);
      yield {
        ...row,
        providerType: row.providerType ? translate(lang, `providerType.${row.providerType}`) : '',
        serviceType: row.serviceType ? translate(lang, `providerService.${row.serviceType}`) : '',
        contractStatus: translate(lang, `contractStatus.${row.contractStatus}`),
        // a calendar day: a date cell at its UTC midnight, written in the caller's date order
        lastMaintenanceAt: row.lastMaintenanceAt ? new Date(`${row.lastMaintenanceAt}T00:00:00Z`) : null,
      };
    }
  }
  return { filename: 'service-providers.xlsx', sheet: 'providerExport.sheet', columns: EXPORT_COLUMNS, rows: rows() };
}

export async function listManagedPlants(
  db: Db,
  me: SessionUser,
  { pageNum, pageSize, ...f }: ProviderPlantQuery & { pageNum: number; pageSize: number },
) {
  const { rows, names, total } = await repo.listManagedPlants(db, me, f, pageSize, (pageNum - 1) * pageSize);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      name: r.name,
      address: r.address,
      capacityWp: Number(r.capacity_wp),
      orgId: r.org_id,
      orgName: r.org_name,
      providerId: r.provider_id === null ? null : Number(r.provider_id),
      providerName: r.provider_id === null ? null : (names.get(Number(r.provider_id)) ?? null),
    })),
    total,
  };
}

/**
 * Assigns (or reassigns) plants to a provider of the caller's scope, all or none: a plant outside
 * the caller's scope answers 404 like one that does not exist.
 */
export async function assignPlants(db: Db, me: SessionUser, b: ProviderAssignBody): Promise<AuditNote> {
  const provider = await mustFind(db, me, b.providerId);
  const ids = [...new Set(b.plantIds)];
  const plants = await repo.plantsToAssign(db, me, ids);
  if (plants.length !== ids.length) throw notFound();
  const former = [
    ...new Set(plants.map((p) => p.provider_path).filter((p): p is string => p !== null && p !== provider.path)),
  ];
  await inTransaction(db, (trx) => repo.assignPlants(trx, ids, provider.id, former));
  return { recordId: provider.id, summary: `${ids.length} → ${provider.name}` };
}
