import { randomBytes } from 'node:crypto';
import {
  DEFAULT_DATE_FORMAT,
  translate,
  type MessageKey,
  type UserCreateBody,
  type UserListQuery,
  type UserRow,
  type UserUpdateBody,
} from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { ApiError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import type { SessionUser } from '../../lib/types.js';
import { isUniqueViolation } from '../../lib/unique.js';
import type { XlsxColumn, XlsxExport } from '../../lib/xlsx-export.js';
import { revokeAllSessions } from '../auth/index.js';
import { assertRootAdminRemains, assignableRoleIds, userWithinReach } from '../role/index.js';
import { orgInScope, orgOptions } from '../org/index.js';
import * as repo from './user.repository.js';
import { inTransaction } from '../../db/transaction.js';

type Filters = Omit<UserListQuery, 'pageNum' | 'pageSize'>;

/** A one-time password for the administrator to hand over: 12 characters of base64url. */
const generatePassword = () => randomBytes(9).toString('base64url');

export const listUsers = (db: Kysely<Database>, me: SessionUser, q: UserListQuery) => repo.listUsers(db, me, q);

const EXPORT_COLUMNS: XlsxColumn[] = [
  { key: 'id', header: 'userExport.id' },
  { key: 'loginName', header: 'userExport.loginName' },
  { key: 'nickname', header: 'userExport.nickname' },
  { key: 'mobile', header: 'userExport.mobile' },
  { key: 'email', header: 'userExport.email', width: 30 },
  { key: 'state', header: 'userExport.state' },
  { key: 'orgName', header: 'userExport.orgName' },
  { key: 'roles', header: 'userExport.roles' },
  { key: 'createdAt', header: 'userExport.createdAt', width: 20, date: DEFAULT_DATE_FORMAT },
];

/** The filtered list of the caller's scope as an .xlsx (state in the caller's language). */
export function userExport(
  db: Kysely<Database>,
  me: SessionUser,
  filters: Filters,
  lang: string,
): XlsxExport<Record<string, unknown>> {
  async function* rows() {
    for await (const u of repo.iterateUsers(db, me, filters))
      yield {
        ...u,
        state: translate(lang, `userExport.states.${u.state}` as const satisfies MessageKey),
        roles: u.roles.join(', '),
        createdAt: new Date(u.createdAt),
      };
  }
  return { filename: 'users.xlsx', sheet: 'userExport.sheet', columns: EXPORT_COLUMNS, rows: rows() };
}

/** A user of the caller's scope (404 outside it). */
export async function getUser(db: Kysely<Database>, me: SessionUser, id: number): Promise<UserRow> {
  const user = await repo.findUser(db, me, id);
  if (!user) throw notFound();
  return user;
}

/** A user of the caller's scope whose rights are all within the caller's (grants rule 3). */
async function userToChange(db: Kysely<Database>, me: SessionUser, id: number) {
  const user = await getUser(db, me, id);
  if (!(await userWithinReach(db, me, user.id))) throw new ApiError(403, 'admin.userTooPowerful');
  return user;
}

/** Nobody disables themselves; a disabled user's sessions end at once (every request also re-checks the state). */
export async function setUserState(db: Kysely<Database>, me: SessionUser, id: number, state: UserRow['state']) {
  const user = await getUser(db, me, id);
  if (user.id === me.id && state === 'disabled') throw badRequest('error.cannotDisableSelf');
  if (!(await userWithinReach(db, me, user.id))) throw new ApiError(403, 'admin.userTooPowerful');
  await inTransaction(db, async (trx) => {
    await repo.updateUser(trx, user.id, { state });
    if (state === 'disabled') {
      await assertRootAdminRemains(trx);
      await revokeAllSessions(trx, user.id);
    }
  });
}

/** Organisations of your scope and the roles you may assign: what the user form offers. */
export async function formOptions(db: Kysely<Database>, me: SessionUser) {
  const [orgs, roles] = await Promise.all([orgOptions(db, me), repo.rolesInScope(db, me)]);
  const ok = await assignableRoleIds(
    db,
    me,
    roles.map((r) => r.id),
  );
  return {
    orgs: orgs.map((o) => ({ id: o.id, parentId: o.parent_id, name: o.name })),
    roles: roles.filter((r) => ok.has(r.id)),
  };
}

async function assertOrgInScope(db: Kysely<Database>, me: SessionUser, orgId: number) {
  if (!(await orgInScope(db, me, orgId))) throw badRequest('admin.orgOutOfScope');
}

async function assertLoginFree(db: Kysely<Database>, loginName: string, exceptId?: number) {
  if (await repo.loginNameTaken(db, loginName, exceptId))
    throw new ApiError(409, 'admin.loginNameTaken', { name: loginName });
}

/** A unique-index refusal (a concurrent request took the name after the check) answers 409 too. */
const conflictOnRace = (loginName: string) => (err: unknown) => {
  if (isUniqueViolation(err)) throw new ApiError(409, 'admin.loginNameTaken', { name: loginName });
  throw err;
};

/**
 * The user's roles after a change: the requested ones you may assign, plus the ones beyond your
 * reach the user already has (grants rule 2). Asking for a role you may not assign is a 403.
 */
async function nextRoles(db: Kysely<Database>, me: SessionUser, requested: number[], current: number[]) {
  const visible = new Set((await formOptions(db, me)).roles.map((r) => r.id));
  const touched = [...new Set([...requested, ...current])];
  const ok = await assignableRoleIds(db, me, touched);
  for (const id of requested)
    if (!current.includes(id) && (!ok.has(id) || !visible.has(id))) throw new ApiError(403, 'admin.notGrantable');
  const kept = current.filter((id) => !ok.has(id) || !visible.has(id));
  return [...new Set([...requested, ...kept])];
}

/** A password the administrator typed is not echoed; a generated one is answered once. */
export async function createUser(db: Kysely<Database>, me: SessionUser, b: UserCreateBody) {
  await assertOrgInScope(db, me, b.orgId);
  await assertLoginFree(db, b.loginName);
  const roleIds = await nextRoles(db, me, b.roleIds, []);
  const password = b.password || generatePassword();
  const hash = await hashPassword(password);
  const id = await inTransaction(db, async (trx) => {
    const id = await repo.insertUser(trx, {
      org_id: b.orgId,
      login_name: b.loginName,
      nickname: b.nickname,
      password_hash: hash,
      mobile: b.mobile || null,
      email: b.email || null,
      state: 'enabled',
      avatar: '',
      introduction: '',
      created_at: Date.now(),
    });
    await repo.setUserRoles(trx, id, roleIds);
    return id;
  }).catch(conflictOnRace(b.loginName));
  return { id, password: b.password ? null : password };
}

/** An edit; changing the roles needs user:assign too. */
export async function updateUser(db: Kysely<Database>, me: SessionUser, id: number, b: UserUpdateBody) {
  const user = await userToChange(db, me, id);
  if (b.orgId !== user.orgId) await assertOrgInScope(db, me, b.orgId);
  if (b.loginName !== user.loginName) await assertLoginFree(db, b.loginName, user.id);
  let roleIds: number[] | undefined;
  if (b.roleIds && [...b.roleIds].sort().join() !== [...user.roleIds].sort().join()) {
    if (!me.perms.has('user:assign')) throw forbidden();
    roleIds = await nextRoles(db, me, b.roleIds, user.roleIds);
  }
  await inTransaction(db, async (trx) => {
    // mobile / e-mail left out: unchanged (an editor without the sensitive grant only ever saw them masked)
    await repo.updateUser(trx, user.id, {
      login_name: b.loginName,
      nickname: b.nickname,
      org_id: b.orgId,
      ...(b.mobile === undefined ? {} : { mobile: b.mobile || null }),
      ...(b.email === undefined ? {} : { email: b.email || null }),
    });
    if (roleIds) await repo.setUserRoles(trx, user.id, roleIds);
    await assertRootAdminRemains(trx);
  }).catch(conflictOnRace(b.loginName));
  const updated = await repo.findUser(db, me, user.id);
  // moved out of your own scope by the edit: answered as it was saved, from the body
  return updated ?? { ...user, loginName: b.loginName, nickname: b.nickname, orgId: b.orgId };
}

/** Nobody deletes themselves; the last ROOT administrator stays. */
export async function deleteUser(db: Kysely<Database>, me: SessionUser, id: number) {
  const user = await getUser(db, me, id);
  if (user.id === me.id) throw badRequest('admin.cannotDeleteSelf');
  if (!(await userWithinReach(db, me, user.id))) throw new ApiError(403, 'admin.userTooPowerful');
  await inTransaction(db, async (trx) => {
    await repo.deleteUser(trx, user.id);
    await assertRootAdminRemains(trx);
  });
}

/** Sets (or generates, answered once) the user's password; their sessions end. */
export async function resetPassword(db: Kysely<Database>, me: SessionUser, id: number, body: { password?: string }) {
  const user = await userToChange(db, me, id);
  const password = body.password || generatePassword();
  const hash = await hashPassword(password);
  await inTransaction(db, async (trx) => {
    await repo.updateUser(trx, user.id, { password_hash: hash });
    await revokeAllSessions(trx, user.id);
  });
  return { id: user.id, password: body.password ? null : password };
}

/** Assigns roles; those beyond your reach are kept as they were. */
export async function assignRoles(db: Kysely<Database>, me: SessionUser, id: number, requested: number[]) {
  const user = await getUser(db, me, id);
  const roleIds = await nextRoles(db, me, requested, user.roleIds);
  await inTransaction(db, async (trx) => {
    await repo.setUserRoles(trx, user.id, roleIds);
    await assertRootAdminRemains(trx);
  });
  return { roleIds };
}
