import type { IndustryBody, IndustryListQuery } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/unique.js';
import type { AuditNote } from '../../plugins/audit.js';
import * as repo from './industry.repository.js';

type Db = Kysely<Database>;
type Body = Required<IndustryBody>;

/* Industries of the product catalogue: the platform's reference data, the same for every organisation. */

/** Codes and names are unique whatever their case (409 naming which clashes). */
async function checkUnique(db: Db, body: Body, exceptId?: number) {
  const clash = await repo.findIndustryClash(db, body, exceptId);
  if (!clash) return;
  if (clash.code.toLowerCase() === body.code.toLowerCase())
    throw new ApiError(409, 'industry.codeTaken', { code: body.code });
  throw new ApiError(409, 'industry.nameTaken', { name: body.name });
}

/** A unique-index refusal (a concurrent request took the code or name after the check) answers 409 too. */
const conflictOnRace = (body: Body) => (err: unknown) => {
  if (isUniqueViolation(err)) throw new ApiError(409, 'industry.codeTaken', { code: body.code });
  throw err;
};

async function industryOf(db: Db, id: number) {
  const row = await repo.findIndustry(db, id);
  if (!row) throw notFound();
  return row;
}

const valuesOf = (b: Body): repo.IndustryValues => ({
  name: b.name,
  code: b.code,
  icon: b.icon,
  sort: b.sort,
  enabled: b.enabled ? 1 : 0,
});

export function listIndustries(db: Db, { pageNum, pageSize, ...f }: IndustryListQuery) {
  return repo.listIndustries(db, f, pageSize, (pageNum - 1) * pageSize);
}

export const industryOptions = (db: Db) => repo.industryOptions(db);

export async function createIndustry(db: Db, body: Body, now = Date.now()) {
  await checkUnique(db, body);
  const row = await repo.insertIndustry(db, valuesOf(body), now).catch(conflictOnRace(body));
  return { data: repo.toIndustryRow(row), note: { recordId: row.id, summary: `${row.name} (${row.code})` } };
}

export async function updateIndustry(db: Db, id: number, body: Body, now = Date.now()) {
  const before = await industryOf(db, id);
  await checkUnique(db, body, id);
  const row = await repo.updateIndustry(db, id, valuesOf(body), now).catch(conflictOnRace(body));
  const renamed = before.name === row.name ? row.name : `${before.name} → ${row.name}`;
  return { data: repo.toIndustryRow(row), note: { summary: `${renamed} (${row.code})` } };
}

export async function setIndustryEnabled(db: Db, id: number, enabled: boolean, now = Date.now()) {
  await industryOf(db, id);
  const row = await repo.updateIndustry(db, id, { enabled: enabled ? 1 : 0 }, now);
  return { data: repo.toIndustryRow(row), note: { summary: `${row.name}: ${enabled ? 'enabled' : 'disabled'}` } };
}

/** Deletes an industry (its attributes, categories and products, once they exist, keep it: 409). */
export async function deleteIndustry(db: Db, id: number): Promise<AuditNote> {
  const row = await industryOf(db, id);
  await repo.deleteIndustry(db, id);
  return { summary: `${row.name} (${row.code})` };
}
