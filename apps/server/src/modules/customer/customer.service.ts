import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  brandFor,
  brandTitle,
  ORG_GROUP_CODES,
  translate,
  type CancelConfirmBody,
  type CustomerBody,
  type CustomerListQuery,
  type CustomerRow,
  type Language,
} from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { ApiError, badRequest, notFound } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { maskEmail, maskMobile, seesContactOf } from '../../lib/scope.js';
import type { SessionUser } from '../../lib/types.js';
import type { XlsxColumn, XlsxExport } from '../../lib/xlsx-export.js';
import { queueMail, renderMail, type MailMessage, type Outbox } from '../mail/index.js';
import * as repo from './customer.repository.js';

/** An address is masked like a name: the first characters, then stars. */
const maskAddress = (v: string | null) => (v ? `${v.slice(0, Math.min(4, Math.ceil(v.length / 3)))}****` : v);

/** A stored customer as the caller may see it: phone, e-mail and address masked without the sensitive-data grant. */
const toRow = (me: SessionUser, r: repo.StoredCustomer): CustomerRow => {
  // the customer's own account reads its record unmasked
  const sees = seesContactOf(me, r.user_id);
  return {
    id: r.id,
    nickname: r.nickname,
    name: r.name,
    email: sees ? r.email : maskEmail(r.email),
    phone: sees ? r.phone : maskMobile(r.phone),
    address: sees ? r.address : maskAddress(r.address),
    orgId: r.org_id,
    orgName: r.org_name,
    loginName: r.login_name,
    loginState: r.login_state,
    plants: Number(r.plants),
    createdAt: Number(r.created_at),
  };
};

export async function listCustomers(db: Kysely<Database>, me: SessionUser, q: CustomerListQuery) {
  const { pageNum, pageSize, ...filters } = q;
  const { rows, total } = await repo.listCustomers(db, me, filters, pageSize, (pageNum - 1) * pageSize);
  return { rows: rows.map((r) => toRow(me, r)), total };
}

export async function getCustomer(db: Kysely<Database>, me: SessionUser, id: number) {
  const r = await repo.findCustomer(db, me, id);
  if (!r) throw notFound();
  return toRow(me, r);
}

export async function customerOptions(
  db: Kysely<Database>,
  me: SessionUser,
  keyword: string | undefined,
  limit: number,
) {
  const rows = await repo.customerOptions(db, me, keyword, limit);
  return rows.map((r) => ({
    id: r.id,
    name: r.nickname && r.nickname !== r.name ? `${r.name} (${r.nickname})` : r.name,
    orgId: r.org_id,
  }));
}

const EXPORT_COLUMNS: XlsxColumn[] = [
  { key: 'id', header: 'customerExport.id', width: 8 },
  { key: 'name', header: 'customerExport.name', width: 20 },
  { key: 'nickname', header: 'customerExport.nickname', width: 14 },
  { key: 'email', header: 'customerExport.email', width: 28 },
  { key: 'phone', header: 'customerExport.phone', width: 16 },
  { key: 'address', header: 'customerExport.address', width: 32 },
  { key: 'orgName', header: 'customerExport.org', width: 24 },
  { key: 'loginName', header: 'customerExport.login', width: 16 },
  { key: 'plants', header: 'customerExport.plants', width: 8 },
  { key: 'createdAt', header: 'customerExport.createdAt', width: 20, date: 'YYYY-MM-DD HH:mm' },
];

/** The filtered list as an .xlsx (masked as the list is). */
export function customerExport(
  db: Kysely<Database>,
  me: SessionUser,
  q: Omit<CustomerListQuery, 'pageNum' | 'pageSize'>,
): XlsxExport<Record<string, unknown>> {
  async function* rows() {
    for await (const r of repo.iterateCustomers(db, me, q)) {
      const row = toRow(me, r);
      yield { ...row, createdAt: new Date(row.createdAt) };
    }
  }
  return { filename: 'customers.xlsx', sheet: 'customerExport.sheet', columns: EXPORT_COLUMNS, rows: rows() };
}

export interface CustomerDeps {
  db: Kysely<Database>;
  outbox: Outbox;
}

const orNull = (v: string | undefined) => (v === undefined || v === '' ? null : v);

/**
 * The login account of a customer: a user of the customer organisation of the serving
 * organisation ('<org> customers', a CUSTOMER-group organisation under the top of the tree, made on first need, with its `customer` role: data scope `self` over an
 * organisation that holds no plant, the plant and device menus, no button), plus a read-only grant
 * on every plant the customer owns. So the account sees its own plants, their devices and data, and
 * nothing else. The first password is generated and mailed (never logged, never answered).
 */
async function openLogin(
  trx: Kysely<Database>,
  deps: CustomerDeps,
  me: SessionUser,
  c: { id: number; name: string; nickname: string; email: string | null; orgId: number },
  loginName: string,
  lang: Language,
) {
  if (!c.email) throw badRequest('customer.emailRequired');
  const password = randomBytes(9).toString('base64url');
  const { userId, servingName } = await createLoginAccount(trx, c, loginName, await hashPassword(password), me.id);
  const brand = brandTitle(brandFor(deps.outbox.brand), lang);
  await queueMail(trx, deps.outbox, {
    to: c.email,
    lang,
    template: 'customerLogin',
    subject: { key: 'mail.customerLogin.subject', values: { brand } },
    blocks: [
      { key: 'mail.customerLogin.greeting', values: { name: c.name } },
      { key: 'mail.customerLogin.intro', values: { org: servingName } },
      {
        fields: [
          ['mail.field.loginName', loginName],
          ['mail.field.password', password],
        ],
      },
      { key: 'mail.customerLogin.outro' },
    ],
  });
  return userId;
}

/**
 * The customers' role of a customer organisation: `customer-<org id>`, made on first need. Role codes
 * are unique across organisations and an administrator may move or rename a role: when that code
 * now belongs to a role of another organisation, the new role takes the first free `customer-<org
 * id>-<n>` (a request never fails on a code it chose itself).
 */
async function customerRole(trx: Kysely<Database>, orgId: number) {
  const base = `customer-${orgId}`;
  for (let n = 1; ; n++) {
    const code = n === 1 ? base : `${base}-${n}`;
    const role = await repo.findRoleByCode(trx, code);
    if (!role) return repo.insertCustomerRole(trx, orgId, translate('en', 'customer.roleName'), code);
    if (role.org_id === orgId) return role.id;
  }
}

/**
 * The account itself (openLogin without the mail; the demo seed uses it with the demo password):
 * the customer organisation and its role made on first need, the user, the link from the customer
 * and the read-only grants on its plants.
 */
export async function createLoginAccount(
  trx: Kysely<Database>,
  c: { id: number; name: string; nickname: string; email: string | null; orgId: number },
  loginName: string,
  passwordHash: string,
  grantedBy: number | null,
) {
  if (await repo.loginNameTaken(trx, loginName)) throw new ApiError(409, 'customer.loginTaken', { name: loginName });
  const serving = await repo.findOrg(trx, c.orgId);
  if (!serving) throw notFound();
  const code = `${serving.code}-CUSTOMERS`.slice(0, 60);
  const top = (await repo.findOrg(trx, Number(serving.path.split('/')[1]))) ?? serving;
  const existing = await repo.findOrgByCode(trx, code);
  // the customer group is seeded at every start; deleted since, no account can be opened until then
  const groupId = existing ? 0 : await repo.groupIdOf(trx, ORG_GROUP_CODES.CUSTOMER);
  if (groupId === undefined) throw badRequest('customer.groupMissing');
  const org =
    existing ??
    (await repo.insertOrg(trx, {
      // under the top of the tree, not under the serving organisation: reassigning plants between
      // providers (which removes the grants of the former provider's users) leaves the owner's alone
      parentId: top.id,
      parentPath: top.path,
      name: translate('en', 'customer.orgName', { org: serving.name }).slice(0, 64),
      code,
      groupId,
      now: Date.now(),
    }));
  const roleId = await customerRole(trx, org.id);
  const userId = await repo.insertLoginUser(trx, {
    orgId: org.id,
    loginName,
    nickname: (c.nickname || c.name).slice(0, 30),
    passwordHash,
    email: c.email ?? '',
    roleId,
  });
  await repo.updateCustomer(trx, c.id, { user_id: userId });
  await repo.grantOwnedPlants(trx, c.id, userId, grantedBy);
  return { userId, servingName: serving.name };
}

/** The demo's customer account: the first customer that owns plants gets `loginName` (runs once). */
export async function seedDemoLogin(db: Kysely<Database>, loginName: string, password: string) {
  if (await repo.loginNameTaken(db, loginName)) return;
  const c = await repo.firstOwnerWithoutLogin(db);
  if (!c) return;
  const hash = await hashPassword(password);
  await inTransaction(db, (trx) => createLoginAccount(trx, { ...c, orgId: c.org_id }, loginName, hash, null));
}

/** The serving organisation: the one given (in the caller's scope, else 404) or the caller's own. */
async function servingOrg(db: Kysely<Database>, me: SessionUser, orgId: number | undefined) {
  const id = orgId ?? me.orgId;
  const org = await repo.orgInScope(db, me, id);
  if (!org) throw notFound();
  return org;
}

export async function createCustomer(deps: CustomerDeps, me: SessionUser, b: CustomerBody, lang: Language) {
  const org = await servingOrg(deps.db, me, b.orgId);
  return inTransaction(deps.db, async (trx) => {
    const values = {
      org_id: org.id,
      name: b.name,
      nickname: b.nickname ?? '',
      email: orNull(b.email),
      phone: orNull(b.phone),
      address: orNull(b.address),
    };
    const id = await repo.insertCustomer(trx, { ...values, user_id: null, created_at: Date.now() });
    if (b.loginName) await openLogin(trx, deps, me, { id, ...values, orgId: org.id }, b.loginName, lang);
    return { id };
  });
}

export async function updateCustomer(deps: CustomerDeps, me: SessionUser, id: number, b: CustomerBody, lang: Language) {
  const current = await repo.findCustomer(deps.db, me, id);
  if (!current) throw notFound();
  const org = b.orgId === undefined ? { id: current.org_id } : await servingOrg(deps.db, me, b.orgId);
  // a field left out keeps its value, and so does one sent back as it was shown masked
  const keep = (sent: string | undefined, stored: string | null, masked: string | null) =>
    sent === undefined || (!me.sensitive && stored !== null && sent === masked) ? stored : orNull(sent);
  await inTransaction(deps.db, async (trx) => {
    const values = {
      org_id: org.id,
      name: b.name,
      nickname: b.nickname ?? current.nickname,
      email: keep(b.email, current.email, maskEmail(current.email)),
      phone: keep(b.phone, current.phone, maskMobile(current.phone)),
      address: keep(b.address, current.address, maskAddress(current.address)),
    };
    await repo.updateCustomer(trx, id, values);
    if (b.loginName) {
      if (current.user_id !== null) throw new ApiError(409, 'customer.hasLogin');
      await openLogin(trx, deps, me, { id, ...values, orgId: org.id }, b.loginName, lang);
    } else if (current.user_id !== null) {
      // plants given to the customer since the account was opened
      await repo.grantOwnedPlants(trx, id, current.user_id, me.id);
    }
  });
}

/** A customer who still owns plants stays (409, with how many); the login account goes with the customer. */
export async function deleteCustomer(db: Kysely<Database>, me: SessionUser, id: number) {
  const current = await repo.findCustomer(db, me, id);
  if (!current) throw notFound();
  await inTransaction(db, async (trx) => {
    const plants = await repo.plantCount(trx, id);
    if (plants > 0) throw new ApiError(409, 'customer.hasPlants', { count: plants });
    if (current.user_id !== null) await repo.deleteLoginUser(trx, current.user_id);
    await repo.deleteCustomer(trx, id);
  });
}

/**
 * Called by the plant module when a plant gets an owner (or none): the customers' login accounts
 * see exactly the plants their customer owns.
 */
export function followPlantOwner(db: Kysely<Database>, plantId: number, ownerId: number | null, grantedBy: number) {
  return repo.followPlantOwner(db, plantId, ownerId, grantedBy);
}

// --- account cancellation (public) ---

export const CANCEL_CODE_TTL_MS = 10 * 60_000;
export const CANCEL_MAX_TRIES = 5;
/** one code a minute per address; five an hour per address and per account */
export const CANCEL_RESEND_MS = 60_000;
export const CANCEL_HOURLY = 5;

const hashCode = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest('hex');

/**
 * Step 1: a random 6-digit code for the address, stored hashed, mailed when a customer's enabled
 * login account has the address. An unknown address gets a row too (and no mail), so the answer,
 * the throttle and the work done are the same whether the address exists or not.
 */
export async function sendCancelCode(deps: CustomerDeps, emailIn: string, lang: Language, now = Date.now()) {
  const email = emailIn.trim().toLowerCase();
  const account = await repo.accountByEmail(deps.db, email);
  const seen = await repo.codesSince(deps.db, email, account?.user_id ?? null, now - 3_600_000);
  if (
    (seen.last !== null && now - seen.last < CANCEL_RESEND_MS) ||
    seen.email >= CANCEL_HOURLY ||
    seen.user >= CANCEL_HOURLY
  )
    throw new ApiError(429, 'error.tooManyRequests');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(16).toString('hex');
  try {
    await inTransaction(deps.db, async (trx) => {
      await repo.closeOpenCodes(trx, email, now);
      await repo.insertCode(trx, {
        email,
        user_id: account?.user_id ?? null,
        salt,
        code_hash: hashCode(salt, code),
        expires_at: now + CANCEL_CODE_TTL_MS,
        used_at: null,
        created_at: now,
      });
      const brand = brandTitle(brandFor(deps.outbox.brand), lang);
      const mail: MailMessage = {
        to: email,
        lang,
        template: 'cancelCode',
        subject: { key: 'mail.cancelCode.subject', values: { code } },
        blocks: [
          { key: 'mail.cancelCode.intro', values: { brand } },
          { fields: [['mail.field.code', code]] },
          { key: 'mail.cancelCode.expiry' },
          { key: 'mail.cancelCode.ignore' },
        ],
      };
      // an address without an account gets the same work short of the outbox row, so timing tells little
      if (account) await queueMail(trx, deps.outbox, mail, now);
      else renderMail(mail, deps.outbox.brand);
    });
  } catch {
    throw new ApiError(500, 'error.verificationCodeFailed');
  }
}

/**
 * Step 2: the code of the address's newest open request. A wrong code counts a try (the fifth ends
 * it); the right one is used once and disables the account, ending its sessions. Answers the
 * account that was cancelled (for the audit trail), or undefined for an address without one.
 */
export async function confirmCancel(db: Kysely<Database>, body: CancelConfirmBody, now = Date.now()) {
  const email = body.email.trim().toLowerCase();
  const open = await repo.openCode(db, email, now);
  if (!open || !(await repo.countTry(db, open.id, CANCEL_MAX_TRIES))) throw badRequest('customer.codeInvalid');
  const ok = timingSafeEqual(Buffer.from(hashCode(open.salt, body.code), 'hex'), Buffer.from(open.code_hash, 'hex'));
  if (!ok) throw badRequest('customer.codeInvalid');
  return inTransaction(db, async (trx) => {
    if (!(await repo.useCode(trx, open.id, now))) throw badRequest('customer.codeInvalid');
    if (open.user_id === null) return undefined;
    await repo.disableAccount(trx, open.user_id, now);
    return repo.accountById(trx, open.user_id);
  });
}
