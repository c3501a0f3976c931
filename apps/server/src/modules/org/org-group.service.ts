import { isValidName, ORG_GROUP_CODES, type OrgGroupBody, type OrgGroupListQuery } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { ApiError, badRequest, notFound } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/unique.js';
import type { AuditNote } from '../../plugins/audit.js';
import * as repo from './org-group.repository.js';

type Db = Kysely<Database>;

/* Organisation groups: the types of organisations (ROOT, service providers, installers…). */

/** Codes and names are unique whatever their case (409 naming which clashes). */
async function checkUnique(db: Db, body: OrgGroupBody, exceptId?: number) {
  const clash = await repo.findGroupClash(db, body, exceptId);
  if (!clash) return;
  if (clash.code.toLowerCase() === body.code.toLowerCase())
    throw new ApiError(409, 'org.groupCodeTaken', { code: body.code });
  throw new ApiError(409, 'org.groupNameTaken', { name: body.name });
}

/** A unique-index refusal (a concurrent request took the code after the check) answers 409 too. */
const conflictOnRace = (code: string) => (err: unknown) => {
  if (isUniqueViolation(err)) throw new ApiError(409, 'org.groupCodeTaken', { code });
  throw err;
};

async function groupOf(db: Db, id: number) {
  const group = await repo.findGroup(db, id);
  if (!group) throw notFound();
  return group;
}

export function listGroups(db: Db, { pageNum, pageSize, ...f }: OrgGroupListQuery) {
  return repo.listGroups(db, f, pageSize, (pageNum - 1) * pageSize);
}

export async function createGroup(db: Db, body: OrgGroupBody) {
  await checkUnique(db, body);
  const row = await repo.insertGroup(db, { code: body.code, name: body.name }).catch(conflictOnRace(body.code));
  return { data: { ...row, orgs: 0 }, note: { recordId: row.id } };
}

/** Renames a group; ROOT keeps its code. */
export async function updateGroup(db: Db, id: number, body: OrgGroupBody) {
  const group = await groupOf(db, id);
  if (body.name !== group.name && !isValidName(body.name)) throw badRequest('validation.name');
  if (group.code === ORG_GROUP_CODES.ROOT && body.code !== group.code) throw badRequest('org.rootGroupLocked');
  await checkUnique(db, body, group.id);
  await repo.updateGroup(db, group.id, { code: body.code, name: body.name }).catch(conflictOnRace(body.code));
  const orgs = await repo.countOrgsOfGroup(db, group.id);
  return {
    data: { id: group.id, code: body.code, name: body.name, orgs },
    note: { summary: group.name === body.name ? '' : `${group.name} → ${body.name}` },
  };
}

/** A group that holds organisations stays (409); ROOT always stays. */
export async function deleteGroup(db: Db, id: number): Promise<AuditNote> {
  const group = await groupOf(db, id);
  if (group.code === ORG_GROUP_CODES.ROOT) throw badRequest('org.rootGroupLocked');
  const orgs = await repo.countOrgsOfGroup(db, group.id);
  if (orgs > 0) throw new ApiError(409, 'org.groupInUse', { count: orgs });
  await repo.deleteGroup(db, group.id);
  return { summary: `${group.name} (${group.code})` };
}
