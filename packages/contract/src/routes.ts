/**
 * The console's route tree (spec §2), declared once. The web maps each `name` to a page
 * component; the server seeds its menu resources (routerPath) and button resources (perm) from
 * the same tree, so a path or a permission code exists in exactly one place.
 */

export interface ButtonDef {
  /** Permission code, checked by exact match on the server and by substring in the console. */
  perm: string;
  titleKey: string;
}

export interface RouteDef {
  /** Absolute for top-level groups ("/power_station"), relative for children ("power_station_list"). */
  path: string;
  name: string;
  titleKey: string;
  icon?: string;
  hidden?: boolean;
  /** A message of other words the header search finds the page by (synonyms, comma-separated). */
  searchKey?: string;
  affix?: boolean;
  noCache?: boolean;
  /** The permission code granted with the menu itself (what its list/read API needs). */
  perm?: string;
  buttons?: ButtonDef[];
  /** Absent when the SaaS build flag is true. */
  saasHidden?: boolean;
  redirect?: string;
  children?: RouteDef[];
}

const crud = (domain: string, extra: string[] = []): ButtonDef[] =>
  ['create', 'update', 'delete', ...extra].map((action) => ({
    perm: `${domain}:${action}`,
    titleKey: `button.${action}`,
  }));

export const ROUTE_TREE: RouteDef[] = [
  {
    path: '/',
    name: 'home',
    titleKey: 'route.home',
    redirect: '/dashboard',
    children: [
      {
        path: 'dashboard',
        name: 'dashboard',
        titleKey: 'route.dashboard',
        icon: 'dashboard',
        affix: true,
        perm: 'dashboard:view',
      },
      {
        path: 'changePassword',
        name: 'rootChangePassword',
        titleKey: 'route.changePassword',
        hidden: true,
        noCache: true,
      },
    ],
  },
  {
    path: '/power_station',
    name: 'powerStation',
    titleKey: 'route.powerStation',
    icon: 'plant',
    redirect: '/power_station/power_station_list',
    children: [
      {
        path: 'power_station_list',
        name: 'power_station_list',
        titleKey: 'route.powerStationList',
        icon: 'plant',
        perm: 'plant:list',
        buttons: crud('plant', ['export', 'authorize']),
      },
      {
        path: 'power_station_detail',
        name: 'power_station_detail',
        titleKey: 'route.powerStationDetail',
        hidden: true,
        perm: 'plant:list',
      },
    ],
  },
  {
    path: '/devices',
    name: 'devices',
    titleKey: 'route.devices',
    icon: 'device',
    redirect: '/devices/devices__manage',
    children: [
      {
        path: 'devices__manage',
        name: 'devices__manage',
        titleKey: 'route.devicesManage',
        icon: 'device',
        perm: 'device:list',
        buttons: crud('device', ['bind', 'unbind', 'control', 'ota', 'export']),
      },
      {
        path: 'devices_detail',
        name: 'devices_detail',
        titleKey: 'route.devicesDetail',
        hidden: true,
        perm: 'device:list',
      },
      {
        path: 'devices_data_overview',
        name: 'devices_data_overview',
        titleKey: 'route.devicesDataOverview',
        hidden: true,
        perm: 'device:list',
      },
      {
        path: 'devices_update_log',
        name: 'devices_update_log',
        titleKey: 'route.devicesUpdateLog',
        hidden: true,
        perm: 'device:list',
      },
      {
        path: 'data',
        name: 'data',
        titleKey: 'route.data',
        icon: 'data',
        perm: 'data:list',
        buttons: [{ perm: 'data:export', titleKey: 'button.export' }],
      },
    ],
  },
  {
    path: '/business_partners',
    name: 'businessPartners',
    titleKey: 'route.businessPartners',
    icon: 'partner',
    redirect: '/business_partners/service_provider',
    children: [
      {
        path: 'clients_list',
        name: 'clients_list',
        titleKey: 'route.clientsList',
        icon: 'customer',
        perm: 'customer:list',
        buttons: crud('customer', ['export']),
      },
      {
        path: 'service_provider',
        name: 'service_provider',
        titleKey: 'route.serviceProvider',
        icon: 'provider',
        perm: 'provider:list',
        saasHidden: true,
        buttons: crud('provider', ['assign', 'export']),
      },
      {
        path: 'service_provider_management',
        name: 'service_provider_management',
        titleKey: 'route.serviceProviderManagement',
        icon: 'providerManage',
        perm: 'provider:manage',
        saasHidden: true,
      },
    ],
  },
  {
    path: '/auth',
    name: 'auth',
    titleKey: 'route.auth',
    icon: 'lock',
    redirect: '/auth/user',
    children: [
      {
        path: 'user',
        name: 'user',
        titleKey: 'route.user',
        icon: 'user',
        perm: 'user:list',
        buttons: crud('user', ['enable', 'resetPassword', 'assign', 'export']),
      },
      {
        path: 'orgGroup',
        name: 'orgGroup',
        titleKey: 'route.orgGroup',
        icon: 'team',
        perm: 'orgGroup:list',
        buttons: crud('orgGroup'),
      },
      { path: 'org', name: 'org', titleKey: 'route.org', icon: 'org', perm: 'org:list', buttons: crud('org') },
      {
        path: 'role',
        name: 'role',
        titleKey: 'route.role',
        icon: 'role',
        perm: 'role:list',
        buttons: crud('role', ['grant']),
      },
      { path: 'res', name: 'res', titleKey: 'route.res', icon: 'resource', perm: 'res:list', buttons: crud('res') },
      // the audit trail: ROOT-group accounts only (the server refuses others); the demo grants it to the ROOT roles
      {
        path: 'audit',
        name: 'audit',
        titleKey: 'audit.title',
        icon: 'guide',
        perm: 'audit:list',
        buttons: [{ perm: 'audit:export', titleKey: 'button.export' }],
      },
    ],
  },
  {
    path: '/systems',
    name: 'systems',
    titleKey: 'route.systems',
    icon: 'setting',
    redirect: '/systems/product_problem',
    children: [
      {
        path: 'product_problem',
        name: 'product_problem',
        titleKey: 'route.productProblem',
        icon: 'product',
        perm: 'product:list',
        // export: the product problems as .xlsx
        buttons: crud('product', ['export']),
      },
      {
        path: 'problem',
        name: 'problem',
        titleKey: 'route.problem',
        icon: 'fault',
        perm: 'fault:list',
        buttons: [
          { perm: 'fault:repair', titleKey: 'button.repair' },
          { perm: 'fault:export', titleKey: 'button.export' },
        ],
      },
      {
        path: 'mqtt',
        name: 'mqtt',
        titleKey: 'route.mqtt',
        icon: 'mqtt',
        hidden: true,
        perm: 'mqtt:list',
        buttons: crud('mqtt'),
      },
      {
        path: 'cmd',
        name: 'cmd',
        titleKey: 'route.cmd',
        icon: 'cmd',
        perm: 'cmd:list',
        buttons: [{ perm: 'cmd:push', titleKey: 'button.push' }, ...crud('firmware')],
      },
      {
        path: 'contactUs',
        name: 'contactUs',
        titleKey: 'route.contactUs',
        icon: 'contact',
        perm: 'content:list',
        // one set of content buttons for the contact-us, user-guide and FAQ screens; export: items and messages as .xlsx
        buttons: crud('content', ['export']),
      },
      { path: 'userGuide', name: 'userGuide', titleKey: 'route.userGuide', icon: 'guide', perm: 'content:list' },
      { path: 'faqs', name: 'faqs', titleKey: 'route.faqs', icon: 'faq', perm: 'content:list' },
      // the mail outbox: every mail the platform sent or keeps (no SMTP_URL); the ROOT organisation's (the server refuses others)
      { path: 'mail_outbox', name: 'mail_outbox', titleKey: 'route.mailOutbox', icon: 'mail', perm: 'mail:outbox' },
      // the interface error log (spec §3): what consoles reported, with browser, user and route
      {
        path: 'error_log',
        name: 'error_log',
        titleKey: 'route.errorLog',
        icon: 'bug',
        perm: 'errorlog:list',
        buttons: [{ perm: 'errorlog:export', titleKey: 'button.export' }],
      },
      {
        path: 'power-company',
        name: 'power-company',
        titleKey: 'route.powerCompany',
        icon: 'price',
        // in the menu: the plant form's tariff fields and the revenue card's "No tariff" link here too
        perm: 'price:list',
        // the header search finds it by these words as well as by its title (tariff, electricity price)
        searchKey: 'route.powerCompanySearch',
        buttons: crud('price'),
      },
    ],
  },
  {
    path: '/catalogue',
    name: 'catalogue',
    titleKey: 'route.catalogue',
    icon: 'product',
    redirect: '/catalogue/industries',
    children: [
      {
        path: 'industries',
        name: 'industries',
        titleKey: 'route.industries',
        icon: 'resource',
        perm: 'industry:list',
        buttons: crud('industry'),
      },
    ],
  },
  {
    path: '/userCenter',
    name: 'userCenter',
    titleKey: 'route.userCenter',
    icon: 'profile',
    redirect: '/userCenter/personalData',
    children: [
      { path: 'personalData', name: 'personalData', titleKey: 'route.personalData', icon: 'profile', noCache: true },
      { path: 'orgData', name: 'orgData', titleKey: 'route.orgData', icon: 'org' },
      { path: 'changePassword', name: 'changePassword', titleKey: 'route.changePassword', icon: 'key', noCache: true },
    ],
  },
];

/** Full path of a route as spec §5 defines it for route filtering. */
export function joinPath(parentPath: string | undefined, path: string): string {
  if (parentPath === undefined) return path;
  if (parentPath === '/') return `/${path}`;
  return `${parentPath}/${path}`;
}

/** The tree without the SaaS-hidden routes when the SaaS build flag is true. */
export function routeTreeFor(saas: boolean, tree: RouteDef[] = ROUTE_TREE): RouteDef[] {
  return tree
    .filter((r) => !(saas && r.saasHidden))
    .map((r) => (r.children ? { ...r, children: routeTreeFor(saas, r.children) } : r));
}

export interface FlatRoute extends RouteDef {
  fullPath: string;
  parentPath?: string;
  depth: number;
}

/** Every route of the tree with its full path, parents before children. */
export function flattenRoutes(tree: RouteDef[] = ROUTE_TREE, parentPath?: string, depth = 0): FlatRoute[] {
  return tree.flatMap((r) => {
    const fullPath = joinPath(parentPath, r.path);
    return [{ ...r, fullPath, parentPath, depth }, ...flattenRoutes(r.children ?? [], fullPath, depth + 1)];
  });
}

/** Every permission code the tree declares (menus and buttons). */
export function allPermCodes(tree: RouteDef[] = ROUTE_TREE): string[] {
  const codes = new Set<string>();
  for (const r of flattenRoutes(tree)) {
    if (r.perm) codes.add(r.perm);
    for (const b of r.buttons ?? []) codes.add(b.perm);
  }
  return [...codes];
}

/**
 * Route filtering of spec §5: a route is kept only if its full path is among the permitted
 * routerPath values; children are filtered the same way. Pure, used by the console; the
 * server never relies on it.
 */
export function filterRoutes<T extends RouteDef>(routes: T[], permitted: Iterable<string>, parentPath?: string): T[] {
  const allowed = permitted instanceof Set ? (permitted as Set<string>) : new Set(permitted);
  const kept: T[] = [];
  for (const route of routes) {
    const fullPath = joinPath(parentPath, route.path);
    if (!allowed.has(fullPath)) continue;
    kept.push(route.children ? { ...route, children: filterRoutes(route.children as T[], allowed, fullPath) } : route);
  }
  return kept;
}

/** Button permission check of spec §5: a substring test of the stored perms string (display only). */
export function hasPerm(perms: string | undefined | null, code: string): boolean {
  return !!perms && !!code && perms.includes(code);
}

/**
 * What the SaaS build leaves out (spec §2): the full paths of the SaaS-hidden routes (and their
 * children) and the permission codes only they declare. The server drops them from `currentInfo`.
 */
export function saasHiddenAccess(tree: RouteDef[] = ROUTE_TREE): { paths: Set<string>; perms: Set<string> } {
  const visible = flattenRoutes(routeTreeFor(true, tree));
  const kept = new Set(visible.map((r) => r.fullPath));
  const keptPerms = new Set(allPermCodes(routeTreeFor(true, tree)));
  const hidden = flattenRoutes(tree).filter((r) => !kept.has(r.fullPath));
  return {
    paths: new Set(hidden.map((r) => r.fullPath)),
    perms: new Set(allPermCodes(hidden).filter((p) => !keptPerms.has(p))),
  };
}
