import { randomBytes } from 'node:crypto';
import { DEMO_PASSWORD, ORG_GROUP_CODES } from '@pv/contract';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../lib/passwords.js';
import type { Database } from '../database.js';
import type { RolesTable } from '../../modules/role/index.js';
import { seedFaultCodes } from './fault-codes.js';
import { seedDemoProviders } from './providers.js';
import { syncResources } from './resources.js';
import { fillSearchNames } from './search-names.js';

const GROUPS = [
  { code: ORG_GROUP_CODES.ROOT, name: 'Platform' },
  { code: ORG_GROUP_CODES.AGENT, name: 'Service provider' },
  { code: ORG_GROUP_CODES.INSTALLER, name: 'Installer' },
  { code: ORG_GROUP_CODES.CUSTOMER, name: 'Customer' },
];

async function groupId(db: Kysely<Database>, code: string) {
  return (await db.selectFrom('org_groups').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

async function createOrg(
  db: Kysely<Database>,
  o: {
    name: string;
    code: string;
    group: string;
    parentId: number | null;
    address?: string;
    contact?: string;
    phone?: string;
  },
) {
  const parent =
    o.parentId === null
      ? undefined
      : await db.selectFrom('orgs').select('path').where('id', '=', o.parentId).executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('orgs')
    .values({
      parent_id: o.parentId,
      group_id: await groupId(db, o.group),
      name: o.name,
      code: o.code,
      path: '/',
      address: o.address ?? null,
      contact: o.contact ?? null,
      phone: o.phone ?? null,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('orgs')
    .set({ path: `${parent?.path ?? '/'}${id}/` })
    .where('id', '=', id)
    .execute();
  return id;
}

type Grant = (r: { kind: string; router_path: string | null; perm: string | null }) => boolean;

async function createRole(
  db: Kysely<Database>,
  r: { code: string; name: string; orgId: number; scope: RolesTable['data_scope']; sensitive: boolean; grant: Grant },
) {
  const { id } = await db
    .insertInto('roles')
    .values({ code: r.code, name: r.name, org_id: r.orgId, data_scope: r.scope, sensitive: r.sensitive ? 1 : 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const resources = await db.selectFrom('resources').select(['id', 'kind', 'router_path', 'perm']).execute();
  const granted = resources.filter(r.grant);
  if (granted.length)
    await db
      .insertInto('role_resources')
      .values(granted.map((g) => ({ role_id: id, resource_id: g.id })))
      .execute();
  return id;
}

async function createUser(
  db: Kysely<Database>,
  u: {
    login: string;
    nickname: string;
    orgId: number;
    roleIds: number[];
    password: string;
    mobile?: string;
    email?: string;
    state?: 'enabled' | 'disabled';
  },
) {
  const { id } = await db
    .insertInto('users')
    .values({
      org_id: u.orgId,
      login_name: u.login,
      nickname: u.nickname,
      password_hash: await hashPassword(u.password),
      mobile: u.mobile ?? null,
      email: u.email ?? null,
      state: u.state ?? 'enabled',
      avatar: '',
      introduction: '',
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (u.roleIds.length)
    await db
      .insertInto('user_roles')
      .values(u.roleIds.map((role_id) => ({ user_id: id, role_id })))
      .execute();
  return id;
}

const all: Grant = () => true;

/** Organisation groups and resources: every installation has them. */
export async function seedCore(db: Kysely<Database>): Promise<void> {
  for (const g of GROUPS) {
    const found = await db.selectFrom('org_groups').select('id').where('code', '=', g.code).executeTakeFirst();
    if (!found) await db.insertInto('org_groups').values(g).execute();
  }
  await syncResources(db);
  await seedFaultCodes(db);
  await fillSearchNames(db);
}

/**
 * Outside demo mode the first administrator gets ADMIN_PASSWORD or a random one-time password,
 * answered so the caller prints it once. Nothing happens when users exist.
 */
export async function ensureAdmin(db: Kysely<Database>, adminPassword?: string): Promise<string | undefined> {
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return undefined;
  const password = adminPassword ?? randomBytes(12).toString('base64url');
  const root = await createOrg(db, { name: 'PV Platform', code: 'ROOT', group: ORG_GROUP_CODES.ROOT, parentId: null });
  const role = await createRole(db, {
    code: 'admin',
    name: 'Administrator',
    orgId: root,
    scope: 'all',
    sensitive: true,
    grant: all,
  });
  await createUser(db, { login: 'admin', nickname: 'Administrator', orgId: root, roleIds: [role], password });
  return adminPassword ? undefined : password;
}

const isAdminArea = (p: string | null) =>
  !!p && (p === '/auth' || p.startsWith('/auth/') || p === '/systems' || p.startsWith('/systems/'));
const isHome = (p: string | null) => p === '/' || p === '/dashboard' || p === '/changePassword';

/** The demo organisation tree, roles and accounts (DEMO on). Runs once. */
export async function seedDemo(db: Kysely<Database>): Promise<void> {
  const done = await db.selectFrom('users').select('id').where('login_name', '=', 'admin').executeTakeFirst();
  if (done) return;
  const pw = DEMO_PASSWORD;
  const root = await createOrg(db, {
    name: 'PV Platform',
    code: 'ROOT',
    group: ORG_GROUP_CODES.ROOT,
    parentId: null,
    address: '88 Century Avenue, Pudong, Shanghai',
    contact: 'Operations desk',
    phone: '+86 21 5888 0000',
  });
  const sunpath = await createOrg(db, {
    name: 'SunPath Services',
    code: 'SUNPATH',
    group: ORG_GROUP_CODES.AGENT,
    parentId: root,
    address: '12 Wensan Road, Hangzhou',
    contact: 'Li Wei',
    phone: '+86 571 8765 4321',
  });
  const greenRoof = await createOrg(db, {
    name: 'Green Roof Installers',
    code: 'GREENROOF',
    group: ORG_GROUP_CODES.INSTALLER,
    parentId: sunpath,
    address: '3 Binjiang Road, Hangzhou',
    contact: 'Zhang Min',
    phone: '+86 571 8123 0001',
  });
  const delta = await createOrg(db, {
    name: 'Delta Energy Services',
    code: 'DELTA',
    group: ORG_GROUP_CODES.AGENT,
    parentId: root,
    address: 'Calle de Alcalá 45, Madrid',
    contact: 'Ana García',
    phone: '+34 910 000 111',
  });
  await createOrg(db, {
    name: 'Bright Home Customers',
    code: 'BRIGHTHOME',
    group: ORG_GROUP_CODES.CUSTOMER,
    parentId: root,
    address: '7 Nanjing Road, Shanghai',
  });

  const admin = await createRole(db, {
    code: 'admin',
    name: 'Administrator',
    orgId: root,
    scope: 'all',
    sensitive: true,
    grant: all,
  });
  const viewer = await createRole(db, {
    code: 'viewer',
    name: 'Viewer',
    orgId: root,
    scope: 'all',
    sensitive: false,
    // every menu and no button: the audit trail's menu too, which ROOT-group roles alone may hold
    // (the audit service refuses other sessions), so "Audit Viewer" reads the trail but not export it
    grant: (r) => r.kind === 'menu',
  });
  // a service provider runs its customers' plants: it lists and repairs their faults (and is told of them)
  const agentButtons = /^(plant|device|customer|fault):/;
  const agentSystemMenus = new Set(['/systems', '/systems/problem']);
  const agent = await createRole(db, {
    code: 'agent',
    name: 'ServiceProvider',
    orgId: sunpath,
    scope: 'orgAndChildren',
    sensitive: false,
    grant: (r) =>
      r.kind === 'menu'
        ? (!isHome(r.router_path) && !isAdminArea(r.router_path)) || agentSystemMenus.has(r.router_path ?? '')
        : agentButtons.test(r.perm ?? ''),
  });
  // and holds what its service-provider staff hold (faults too), or it could not manage their accounts
  const orgAdminMenus = new Set(['/auth', '/auth/user', '/auth/org', ...agentSystemMenus]);
  const orgAdmin = await createRole(db, {
    code: 'org-admin',
    name: 'OrgAdministrator',
    orgId: sunpath,
    scope: 'orgAndChildren',
    sensitive: true,
    grant: (r) =>
      r.kind === 'menu'
        ? (!isHome(r.router_path) && !isAdminArea(r.router_path)) || orgAdminMenus.has(r.router_path ?? '')
        : /^(plant|device|customer|user|fault):/.test(r.perm ?? ''),
  });

  await createUser(db, {
    login: 'admin',
    nickname: 'Platform Admin',
    orgId: root,
    roleIds: [admin, viewer],
    password: pw,
    mobile: '13800138000',
    email: 'admin@pv-console.example',
  });
  await createUser(db, {
    login: 'viewer',
    nickname: 'Audit Viewer',
    orgId: root,
    roleIds: [viewer],
    password: pw,
    mobile: '13900139000',
    email: 'viewer@pv-console.example',
  });
  await createUser(db, {
    login: 'agent',
    nickname: 'SunPath Agent',
    orgId: sunpath,
    roleIds: [agent],
    password: pw,
    mobile: '13700137000',
    email: 'agent@sunpath.example',
  });
  await createUser(db, {
    login: 'sunpath-admin',
    nickname: 'SunPath Admin',
    orgId: sunpath,
    roleIds: [orgAdmin],
    password: pw,
    mobile: '13600136000',
    email: 'it@sunpath.example',
  });
  await createUser(db, {
    login: 'sunpath-ops',
    nickname: 'SunPath Operations',
    orgId: sunpath,
    roleIds: [agent],
    password: pw,
    mobile: '13500135000',
    email: 'ops@sunpath.example',
  });
  await createUser(db, {
    login: 'installer1',
    nickname: 'Green Roof Installer',
    orgId: greenRoof,
    roleIds: [agent],
    password: pw,
    mobile: '13400134000',
    email: 'install@greenroof.example',
  });
  await createUser(db, {
    login: 'delta',
    nickname: 'Delta Agent',
    orgId: delta,
    roleIds: [agent],
    password: pw,
    mobile: '+34600111222',
    email: 'ops@delta.example',
  });
  await createUser(db, {
    login: 'retired',
    nickname: 'Former Staff',
    orgId: root,
    roleIds: [viewer],
    password: pw,
    state: 'disabled',
    email: 'retired@pv-console.example',
  });
  await seedDemoProviders(db);
}
