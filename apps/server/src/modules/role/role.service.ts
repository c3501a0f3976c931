import { DATA_SCOPE_ORDER, type RoleBody, type RoleListQuery, type RoleRow } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { ApiError, badRequest, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../../lib/types.js';
import { isUniqueViolation } from '../../lib/unique.js';
import { orgInScope, orgOptions } from '../org/index.js';
import { listResources } from '../resource/index.js';
import { assertRootAdminRemains, assignableRoleIds, heldResourceIds, scopeWithin } from './grants.js';
import * as repo from './role.repository.js';
import { inTransaction } from '../../db/transaction.js';

export function listRoles(db: Kysely<Database>, me: SessionUser, { pageNum, pageSize, ...f }: RoleListQuery) {
  return repo.listRoles(db, me, f, pageSize, (pageNum - 1) * pageSize);
}

/** Organisations, data scopes and the sensitive grant you may give: what the role form offers. */
export async function roleOptions(db: Kysely<Database>, me: SessionUser) {
  const orgs = await orgOptions(db, me);
  return {
    orgs: orgs.map((o) => ({ id: o.id, parentId: o.parent_id, name: o.name })),
    dataScopes: DATA_SCOPE_ORDER.filter((s) => scopeWithin(s, me)).reverse(),
    sensitive: me.sensitive,
  };
}

/** A role of the caller's scope (404 outside it). */
export async function getRole(db: Kysely<Database>, me: SessionUser, id: number): Promise<RoleRow> {
  const role = await repo.findRole(db, me, id);
  if (!role) throw notFound();
  return role;
}

/** Rule 1 of grants.ts for the role's own fields, and its organisation in your scope. */
async function checkBody(
  db: Kysely<Database>,
  me: SessionUser,
  b: RoleBody,
  current?: { dataScope: string; sensitive: boolean },
) {
  if (!(await orgInScope(db, me, b.orgId))) throw badRequest('admin.orgOutOfScope');
  if (b.dataScope !== current?.dataScope && !scopeWithin(b.dataScope, me))
    throw new ApiError(403, 'admin.scopeTooWide');
  if (b.sensitive && !current?.sensitive && !me.sensitive) throw new ApiError(403, 'admin.sensitiveNotHeld');
}

/** A role carrying more than you hold (grants rule 1) is not yours to edit or delete. */
async function assertWithinReach(db: Kysely<Database>, me: SessionUser, roleId: number) {
  if (!(await assignableRoleIds(db, me, [roleId])).has(roleId)) throw new ApiError(403, 'admin.notGrantable');
}

async function assertCodeFree(db: Kysely<Database>, code: string, exceptId?: number) {
  if (await repo.roleCodeTaken(db, code, exceptId)) throw new ApiError(409, 'admin.roleCodeTaken', { code });
}

/** A unique-index refusal (a concurrent request took the code after the check) answers 409 too. */
const conflictOnRace = (code: string) => (err: unknown) => {
  if (isUniqueViolation(err)) throw new ApiError(409, 'admin.roleCodeTaken', { code });
  throw err;
};

const values = (b: RoleBody) => ({
  code: b.code,
  name: b.name,
  org_id: b.orgId,
  data_scope: b.dataScope,
  sensitive: b.sensitive ? 1 : 0,
});

/** A new role has no resources yet: they are granted next. */
export async function createRole(db: Kysely<Database>, me: SessionUser, b: RoleBody) {
  await checkBody(db, me, b);
  await assertCodeFree(db, b.code);
  const id = await repo.insertRole(db, values(b)).catch(conflictOnRace(b.code));
  return (await repo.findRole(db, me, id))!;
}

export async function updateRole(db: Kysely<Database>, me: SessionUser, id: number, b: RoleBody) {
  const role = await getRole(db, me, id);
  await assertWithinReach(db, me, role.id);
  await checkBody(db, me, b, role);
  if (b.code !== role.code) await assertCodeFree(db, b.code, role.id);
  await inTransaction(db, async (trx) => {
    await repo.updateRole(trx, role.id, values(b));
    // narrowing the ROOT administrator role's scope would lock the platform out
    await assertRootAdminRemains(trx);
  }).catch(conflictOnRace(b.code));
  return (await repo.findRole(db, me, role.id)) ?? { ...role, ...b };
}

/** Refusing a role in use keeps every user with at least one role (spec §6) and never ends sessions silently. */
export async function deleteRole(db: Kysely<Database>, me: SessionUser, id: number) {
  const role = await getRole(db, me, id);
  await assertWithinReach(db, me, role.id);
  if (role.users > 0) throw new ApiError(409, 'admin.roleInUse');
  await repo.deleteRole(db, role.id);
}

/** The resource tree, what the role holds and what you may toggle. */
export async function roleGrants(db: Kysely<Database>, me: SessionUser, id: number) {
  const role = await getRole(db, me, id);
  const held = await heldResourceIds(db, me);
  const granted = await repo.grantedResourceIds(db, role.id);
  const resources = await listResources(db);
  return { resources: resources.map((r) => ({ ...r, grantable: held.has(r.id) })), granted };
}

/**
 * The role's resources become the requested ones you hold, plus the ones you do not hold that it
 * already had (grants rule 2). Asking for a resource you lack is refused outright rather than
 * silently dropped.
 */
export async function grantResources(db: Kysely<Database>, me: SessionUser, id: number, resourceIds: number[]) {
  const role = await getRole(db, me, id);
  const held = await heldResourceIds(db, me);
  const requested = new Set(resourceIds);
  const current = await repo.grantedResourceIds(db, role.id);
  for (const id of requested) if (!held.has(id) && !current.includes(id)) throw new ApiError(403, 'admin.notGrantable');
  const next = [...new Set([...[...requested].filter((id) => held.has(id)), ...current.filter((id) => !held.has(id))])];
  if (next.length && (await repo.countResources(db, next)) !== next.length) throw badRequest('error.badRequest');
  await inTransaction(db, async (trx) => {
    await repo.setRoleResources(trx, role.id, next);
    await assertRootAdminRemains(trx);
  });
  return { granted: next };
}
