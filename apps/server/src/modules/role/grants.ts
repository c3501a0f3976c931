import { DATA_SCOPE_ORDER, ORG_GROUP_CODES, type DataScope } from '@pv/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { ApiError } from '../../lib/errors.js';
import type { SessionUser } from '../../lib/types.js';
import * as repo from './role.repository.js';

/**
 * The grant rules of the administration screens, in one place:
 *
 * 1. Nobody grants what they do not hold. "Holding" is what the session acts with: the union of
 *    the resources of its roles, the widest data scope among them, the sensitive-data grant of
 *    any of them. A role may be given only resources, a scope and a sensitive flag within that;
 *    a role may be assigned to a user only when everything it carries is within that.
 * 2. Toggling is limited to what you hold: when you save a role's grants (or a user's roles),
 *    resources (roles) beyond your reach are kept as they were, neither added nor removed. So a
 *    narrower administrator can neither escalate nor strip rights they could not restore.
 * 3. A user who holds more than you (a role you could not assign) is out of your reach: you may
 *    see them in your scope, but not edit, disable, delete or reset their password — resetting an
 *    administrator's password would be taking over their rights.
 * 4. There is always an enabled ROOT administrator (see `assertRootAdminRemains`).
 */

export const scopeRank = (s: DataScope) => DATA_SCOPE_ORDER.indexOf(s);
export const scopeWithin = (s: DataScope, me: SessionUser) => scopeRank(s) <= scopeRank(me.dataScope);

type Db = Kysely<Database> | Transaction<Database>;

/** The ids of the resources the session acts with. */
export async function heldResourceIds(db: Db, me: SessionUser): Promise<Set<number>> {
  if (!me.roleIds.length) return new Set();
  return new Set(await repo.resourceIdsOfRoles(db, me.roleIds));
}

/** Of the given roles, those the caller may assign or take away (rule 1). Scope of the role's organisation is checked by the caller's queries. */
export async function assignableRoleIds(db: Db, me: SessionUser, roleIds: number[]): Promise<Set<number>> {
  if (!roleIds.length) return new Set();
  const held = await heldResourceIds(db, me);
  const { roles, grants } = await repo.roleCarriage(db, roleIds);
  const ok = new Set<number>();
  for (const r of roles) {
    if (!scopeWithin(r.data_scope, me)) continue;
    if (r.sensitive === 1 && !me.sensitive) continue;
    if (grants.some((g) => g.role_id === r.id && !held.has(g.resource_id))) continue;
    ok.add(r.id);
  }
  return ok;
}

/** Rule 3: every role of the user is one the caller could assign. */
export async function userWithinReach(db: Db, me: SessionUser, userId: number): Promise<boolean> {
  if (userId === me.id) return true;
  const roleIds = await repo.roleIdsOfUser(db, userId);
  const ok = await assignableRoleIds(db, me, roleIds);
  return roleIds.every((id) => ok.has(id));
}

/**
 * What makes a ROOT administrator: an enabled user of a ROOT-group organisation whose roles give
 * the data scope "all" and these permissions — enough to reach every user and role and give
 * access back. Any change that would leave no such user is refused (rule 4).
 */
export const CRITICAL_PERMS = ['user:list', 'user:enable', 'user:assign', 'role:list', 'role:grant'] as const;

export async function countRootAdmins(db: Db): Promise<number> {
  const users = await repo.rootUserRoles(db, ORG_GROUP_CODES.ROOT);
  if (!users.length) return 0;
  const perms = await repo.permsOfRoles(db, [...new Set(users.map((u) => u.roleId))], CRITICAL_PERMS);
  const byUser = new Map<number, { all: boolean; perms: Set<string> }>();
  for (const u of users) {
    const entry = byUser.get(u.id) ?? { all: false, perms: new Set<string>() };
    if (u.data_scope === 'all') entry.all = true;
    for (const p of perms) if (p.role_id === u.roleId && p.perm) entry.perms.add(p.perm);
    byUser.set(u.id, entry);
  }
  return [...byUser.values()].filter((e) => e.all && CRITICAL_PERMS.every((p) => e.perms.has(p))).length;
}

/** Call inside the transaction of a change, after it: throws (rolling the change back) when no ROOT administrator would remain. */
export async function assertRootAdminRemains(trx: Db): Promise<void> {
  if ((await countRootAdmins(trx)) === 0) throw new ApiError(409, 'admin.lastRootAdmin');
}
