import { saasHiddenAccess, type CurrentInfoResponse, type LoginBody } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { ApiError, badRequest, unauthorized } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { SessionUser } from '../../lib/types.js';
import type { AuditLog } from '../../plugins/audit.js';
import * as repo from './auth.repository.js';
import { revokeAllSessions, revokeSession } from './session.repository.js';
import { createSession } from './session.service.js';
import { rememberSignInLanguage } from '../notification/index.js';

/**
 * Sign-in throttling (OWASP ASVS 2.2.1: soft limits, no account anyone else can lock), over the
 * failures of the last WINDOW_MS:
 * - one account from one address: MAX_PER_PAIR failures, then that address is refused for that
 *   account (429) until its failures age out: the guesser is stopped, the user elsewhere is not;
 * - one address, any accounts: MAX_PER_ADDRESS (password spraying); high enough for an office
 *   or a NAT where many people mistype;
 * - one account from anywhere (many addresses guessing): past SLOW_AFTER failures each attempt
 *   waits 2^(n - SLOW_AFTER) seconds after the last failure, at most MAX_DELAY_S: a delay that
 *   bounds the guessing rate, never a lock (the user gets in once the delay has passed).
 * The client address is `req.ip`: X-Forwarded-For counts only with TRUST_PROXY.
 */
const WINDOW_MS = 15 * 60_000;
const MAX_PER_PAIR = 5;
const MAX_PER_ADDRESS = 50;
const SLOW_AFTER = 10;
const MAX_DELAY_S = 60;

/** Seconds an attempt on an account with `failures` recent failures waits after the last one. */
export function accountDelaySeconds(failures: number) {
  return failures < SLOW_AFTER ? 0 : Math.min(2 ** (failures - SLOW_AFTER), MAX_DELAY_S);
}

export interface AuthDeps {
  db: Kysely<Database>;
  audit: AuditLog;
  /** How long a session lives at most, ms. */
  sessionMaxMs: number;
}

/**
 * Sign-in: too many recent failures (see WINDOW_MS) refuse or delay it (429), a wrong
 * password or an unknown name counts as a failure, a disabled account is refused (403). Every
 * attempt is audited here: without a session yet, the generic audit hook does not see it.
 */
export async function login(
  { db, audit, sessionMaxMs }: AuthDeps,
  { username, password }: LoginBody,
  ip: string,
  /** the language the sign-in came in (Accept-Language): the user's mail language unless they chose one */
  lang?: string,
) {
  const attempt = (action: 'login' | 'loginFailed', u: { id: number; org_id: number } | undefined, summary: string) =>
    audit.push({
      user_id: u?.id ?? null,
      login_name: username,
      org_id: u?.org_id ?? null,
      action,
      entity: 'session',
      record_id: u ? String(u.id) : null,
      summary,
      method: 'POST',
      route: '/login',
      ip,
    });
  const now = Date.now();
  const failures = await repo.countFailures(db, username, ip, now - WINDOW_MS);
  if (failures.byPair >= MAX_PER_PAIR || failures.byIp >= MAX_PER_ADDRESS) {
    attempt('loginFailed', undefined, 'too many attempts');
    throw new ApiError(429, 'error.tooManyAttempts', { minutes: WINDOW_MS / 60_000 });
  }
  const waitMs = failures.lastByName + accountDelaySeconds(failures.byName) * 1000 - now;
  if (waitMs > 0) {
    attempt('loginFailed', undefined, 'sign-in delayed');
    throw new ApiError(429, 'error.signInDelayed', { seconds: Math.ceil(waitMs / 1000) });
  }
  const user = await repo.findLogin(db, username);
  const ok = await verifyPassword(user?.password_hash, password);
  if (!user || !ok) {
    await repo.recordFailure(db, username, ip, Date.now());
    attempt('loginFailed', user, user ? 'wrong password' : 'unknown user');
    throw unauthorized('error.badCredentials');
  }
  if (user.state !== 'enabled') {
    attempt('loginFailed', user, 'account disabled');
    throw new ApiError(403, 'error.accountDisabled');
  }
  await repo.clearFailures(db, username, ip);
  if (lang) await rememberSignInLanguage(db, user.id, lang);
  const token = await createSession(db, user.id, sessionMaxMs);
  attempt('login', user, '');
  return { token };
}

/** The signed-in user for the console: roles, permitted routes (menus) and button permissions. */
export async function currentInfo(
  db: Kysely<Database>,
  me: SessionUser,
  saas = false,
): Promise<Omit<CurrentInfoResponse, 'code' | 'msg'>> {
  const [row, roles, resources] = await Promise.all([
    repo.findUserInfo(db, me.id),
    repo.actingRoleCodes(db, me.id, me.roleIds),
    repo.grantedResources(db, me.id, me.roleIds),
  ]);
  // the SaaS build leaves out what spec §2 hides (service providers): no menu, no button
  const hidden = saas ? saasHiddenAccess() : { paths: new Set<string>(), perms: new Set<string>() };
  const menus = resources.filter((r) => r.kind === 'menu' && r.router_path && !hidden.paths.has(r.router_path));
  const buttons = resources
    .filter((r) => r.kind === 'button' && r.perm && !hidden.perms.has(r.perm))
    .map((r) => r.perm!);
  return {
    data: {
      roles: roles.map((r) => r.code),
      orgId: row.orgId,
      nickname: row.nickname,
      perms: [...new Set(buttons)].join(','),
      avatar: row.avatar,
      introduction: row.introduction,
      list: menus.map((m) => ({ routerPath: m.router_path! })),
      timeZone: row.time_zone,
    },
    orgGroup: { orgGroupCode: row.groupCode, orgGroupName: row.groupName, orgGroupId: row.groupId },
    orgName: row.orgName,
    userName: row.login_name,
  };
}

/** Sign-out: the session ends (the caller tells every process and audits it). */
export function logout(db: Kysely<Database>, me: SessionUser) {
  return revokeSession(db, me.sessionId);
}

/** A new password (not the old one, the old one known) ends every session of the user. */
export async function changePassword(
  db: Kysely<Database>,
  me: SessionUser,
  { oldPassword, newPassword }: { oldPassword: string; newPassword: string },
) {
  if (!(await verifyPassword(await repo.passwordHashOf(db, me.id), oldPassword)))
    throw badRequest('error.wrongOldPassword');
  if (oldPassword === newPassword) throw badRequest('error.samePassword');
  await repo.setPasswordHash(db, me.id, await hashPassword(newPassword));
  await revokeAllSessions(db, me.id);
}

/** Your roles, and the one this session acts as (null: all of them). */
export async function myRoles(db: Kysely<Database>, me: SessionUser) {
  const roles = await repo.userRoles(db, me.id);
  const switched = roles.length > 1 && me.roleIds.length === 1 ? roles.find((r) => r.id === me.roleIds[0]) : undefined;
  return { roles: roles.map((r) => ({ code: r.code, name: r.name })), actingAs: switched?.code ?? null };
}

/**
 * Spec §4 role change: a new session acting as one of your roles (null: all of them); the old
 * session ends, the console refetches the user, rebuilds its routes and closes all tabs.
 */
export async function switchRole(db: Kysely<Database>, me: SessionUser, role: string | null, sessionMaxMs: number) {
  let roleId: number | null = null;
  if (role !== null) {
    const mine = (await repo.userRoles(db, me.id)).find((r) => r.code === role);
    if (!mine) throw badRequest('error.notYourRole');
    roleId = mine.id;
  }
  const token = await createSession(db, me.id, sessionMaxMs, roleId);
  await revokeSession(db, me.sessionId);
  return { token };
}
