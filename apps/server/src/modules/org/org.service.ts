import { isValidName, ORG_GROUP_CODES, type orgBody, type orgUpdateBody } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.js';
import { ApiError, badRequest, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../../lib/types.js';
import { isUniqueViolation } from '../../lib/unique.js';
import type { AuditNote } from '../../plugins/audit.js';
import { findGroup, groupOptions } from './org-group.repository.js';
import * as repo from './org.repository.js';

type Db = Kysely<Database>;
type OrgBody = z.output<typeof orgBody>;
type OrgUpdateBody = z.output<typeof orgUpdateBody>;

const codeTaken = (code: string) => new ApiError(409, 'org.codeTaken', { code });

/** A unique-index refusal (a concurrent request took the code after the check) answers 409 too. */
const conflictOnRace = (code: string) => (err: unknown) => {
  if (isUniqueViolation(err)) throw codeTaken(code);
  throw err;
};

async function groupOf(db: Db, id: number) {
  const g = await findGroup(db, id);
  if (!g) throw badRequest('org.groupNotFound');
  return g;
}

/** An organisation of the caller's scope (404 outside it). */
async function orgOf(db: Db, me: SessionUser, id: number) {
  const org = await repo.findOrg(db, me, id);
  if (!org) throw notFound();
  return org;
}

/** The organisation as the caller sees it after a change (it stays in scope: moves keep it below the caller). */
const answer = async (db: Db, me: SessionUser, id: number) =>
  repo.toOrgRow((await repo.findOrg(db, me, id))!, me.sensitive);

export const listOrgTree = repo.listOrgTree;
export const orgGroupOptions = groupOptions;

export async function getOrg(db: Db, me: SessionUser, id: number) {
  return repo.toOrgRow(await orgOf(db, me, id), me.sensitive);
}

/** A new organisation under a parent of the caller's scope; only the platform organisation is ROOT. */
export async function createOrg(db: Db, me: SessionUser, b: OrgBody) {
  const parent = await orgOf(db, me, b.parentId);
  const group = await groupOf(db, b.groupId);
  if (group.code === ORG_GROUP_CODES.ROOT) throw badRequest('org.rootGroupReserved');
  if (await repo.orgCodeTaken(db, b.code)) throw codeTaken(b.code);
  const id = await repo
    .insertOrg(
      db,
      {
        parent_id: parent.id,
        group_id: group.id,
        name: b.name,
        code: b.code,
        number: b.number || null,
        groupings: JSON.stringify(b.groupings),
        address: b.address || null,
        contact: b.contact || null,
        phone: b.phone || null,
        created_at: Date.now(),
      },
      parent.path,
    )
    .catch(conflictOnRace(b.code));
  return { data: await answer(db, me, id), note: { recordId: id, summary: b.name } };
}

/** An edit (the parent changes through a move). */
export async function updateOrg(db: Db, me: SessionUser, id: number, b: OrgUpdateBody) {
  const org = await orgOf(db, me, id);
  if (b.name !== org.name && !isValidName(b.name)) throw badRequest('validation.name');
  if (b.groupId !== org.group_id) {
    const group = await groupOf(db, b.groupId);
    // the platform organisation stays ROOT and no other becomes ROOT (the home page and scope follow the group)
    if (group.code === ORG_GROUP_CODES.ROOT || org.group_code === ORG_GROUP_CODES.ROOT)
      throw badRequest('org.rootGroupReserved');
  }
  if (await repo.orgCodeTaken(db, b.code, org.id)) throw codeTaken(b.code);
  // phone and address left out keep the stored values (a caller without the sensitive-data grant
  // only saw the phone masked)
  const phone = b.phone === undefined ? org.phone : b.phone || null;
  const address = b.address === undefined ? org.address : b.address || null;
  await repo
    .updateOrg(db, org.id, {
      group_id: b.groupId,
      name: b.name,
      code: b.code,
      number: b.number || null,
      groupings: JSON.stringify(b.groupings),
      address,
      contact: b.contact || null,
      phone,
    })
    .catch(conflictOnRace(b.code));
  return {
    data: await answer(db, me, org.id),
    note: { summary: org.name === b.name ? b.name : `${org.name} → ${b.name}` },
  };
}

/** Neither the top organisation nor the caller's own moves or goes. */
function assertMovable(org: { parent_id: number | null; id: number }, me: SessionUser) {
  if (org.parent_id === null) throw badRequest('org.rootLocked');
  if (org.id === me.orgId) throw badRequest('org.ownOrgLocked');
}

/** The data scope of users, plants and devices follows the path: an organisation holding any of them stays. */
async function assertEmpty(db: Db, path: string) {
  const load = await repo.subtreeLoad(db, path);
  if (load.users || load.plants || load.devices) throw new ApiError(409, 'org.inUse', load);
}

/** Moves an organisation and its subtree under another parent of the caller's scope. */
export async function moveOrg(db: Db, me: SessionUser, id: number, parentId: number) {
  const org = await orgOf(db, me, id);
  const target = await orgOf(db, me, parentId);
  assertMovable(org, me);
  if (target.path.startsWith(org.path)) throw badRequest('org.moveIntoSelf');
  if (target.id !== org.parent_id) {
    await assertEmpty(db, org.path);
    await repo.moveSubtree(db, org, target);
  }
  return { data: await answer(db, me, org.id), note: { summary: `${org.name} → ${target.name}` } };
}

/** Deletes an organisation without sub-organisations, users, plants, devices or roles. */
export async function deleteOrg(db: Db, me: SessionUser, id: number): Promise<AuditNote> {
  const org = await orgOf(db, me, id);
  assertMovable(org, me);
  await assertEmpty(db, org.path);
  const children = await repo.countChildren(db, org.id);
  if (children > 0) throw new ApiError(409, 'org.hasChildren', { count: children });
  if (await repo.orgHasRoles(db, org.id)) throw new ApiError(409, 'org.hasRoles');
  await repo.deleteOrg(db, org.id).catch((err: unknown) => {
    // a record of another kind still points at it
    if (/foreign key/i.test((err as Error).message ?? '') || (err as { code?: string }).code === '23503')
      throw new ApiError(409, 'error.conflict');
    throw err;
  });
  return { summary: `${org.name} (${org.code})` };
}
