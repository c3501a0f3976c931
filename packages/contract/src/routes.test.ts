import { describe, expect, it } from 'vitest';
import {
  allPermCodes,
  filterRoutes,
  flattenRoutes,
  hasPerm,
  joinPath,
  ROUTE_TREE,
  routeTreeFor,
  type RouteDef,
} from './index.js';

describe('route filtering (spec §5)', () => {
  const tree: RouteDef[] = [
    { path: '/', name: 'home', titleKey: 't', children: [{ path: 'dashboard', name: 'd', titleKey: 't' }] },
    {
      path: '/devices',
      name: 'devices',
      titleKey: 't',
      children: [
        { path: 'devices__manage', name: 'm', titleKey: 't' },
        { path: 'data', name: 'data', titleKey: 't' },
      ],
    },
  ];
  it('joins full paths: top level as is, children of / with the root prefix, others with a slash', () => {
    expect(joinPath(undefined, '/devices')).toBe('/devices');
    expect(joinPath('/', 'dashboard')).toBe('/dashboard');
    expect(joinPath('/devices', 'data')).toBe('/devices/data');
  });
  it('keeps only permitted routes, children filtered the same way', () => {
    const kept = filterRoutes(tree, ['/devices', '/devices/data']);
    expect(kept.map((r) => r.path)).toEqual(['/devices']);
    expect(kept[0]!.children!.map((c) => c.path)).toEqual(['data']);
  });
  it('drops children whose parent is not permitted', () => {
    expect(filterRoutes(tree, ['/dashboard', '/devices/data'])).toEqual([]);
  });
  it('the SaaS build drops the service provider pages', () => {
    const paths = (saas: boolean) => flattenRoutes(routeTreeFor(saas)).map((r) => r.fullPath);
    expect(paths(false)).toContain('/business_partners/service_provider');
    expect(paths(true)).not.toContain('/business_partners/service_provider');
    expect(paths(true)).not.toContain('/business_partners/service_provider_management');
    expect(paths(true)).toContain('/business_partners/clients_list');
  });
  it('every route group of spec §2 exists', () => {
    const paths = flattenRoutes(ROUTE_TREE).map((r) => r.fullPath);
    for (const p of [
      '/dashboard',
      '/changePassword',
      '/power_station/power_station_list',
      '/power_station/power_station_detail',
      '/devices/devices__manage',
      '/devices/devices_detail',
      '/devices/devices_data_overview',
      '/devices/devices_update_log',
      '/devices/data',
      '/business_partners/clients_list',
      '/auth/user',
      '/auth/orgGroup',
      '/auth/org',
      '/auth/role',
      '/auth/res',
      '/systems/product_problem',
      '/systems/problem',
      '/systems/mqtt',
      '/systems/cmd',
      '/systems/contactUs',
      '/systems/userGuide',
      '/systems/faqs',
      '/systems/power-company',
      '/userCenter/personalData',
      '/userCenter/orgData',
      '/userCenter/changePassword',
    ])
      expect(paths).toContain(p);
    expect(new Set(paths).size).toBe(paths.length);
  });
  it('the power companies and their prices are a menu page of their own, for those with price:list (issue 42)', () => {
    const page = flattenRoutes(ROUTE_TREE).find((r) => r.fullPath === '/systems/power-company');
    expect(page).toMatchObject({
      perm: 'price:list',
      titleKey: 'route.powerCompany',
      searchKey: 'route.powerCompanySearch',
    });
    expect(page!.hidden).toBeFalsy();
    // the menu a role holding the page and its group sees
    const menu = filterRoutes(ROUTE_TREE, ['/systems', '/systems/power-company']);
    expect(menu[0]!.children!.filter((c) => !c.hidden).map((c) => c.path)).toEqual(['power-company']);
  });
  it('permission codes are unique per button and well formed', () => {
    for (const code of allPermCodes()) expect(code).toMatch(/^[a-zA-Z]+:[a-zA-Z]+$/);
  });
  it('hasPerm is a substring test', () => {
    expect(hasPerm('plant:list,plant:create', 'plant:create')).toBe(true);
    expect(hasPerm('plant:list', 'plant:delete')).toBe(false);
    expect(hasPerm('', 'plant:list')).toBe(false);
    expect(hasPerm(undefined, 'plant:list')).toBe(false);
  });
});
