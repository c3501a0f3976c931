import type { ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RouteHandle } from './route-handle';
import { accessKey, buildRoutes } from './router';
import { titleKeyOf } from './root-layout';
import { adminPaths, agentPaths } from './test-paths';

/** The handle of the deepest route matching `path`, as the layout reads it. */
function leaf(routes: RouteObject[], path: string) {
  const matches = matchRoutes(routes, path) ?? [];
  return {
    route: matches[matches.length - 1]?.route,
    handle: titleKeyOf(matches.map((m) => ({ handle: m.route.handle }))),
    page: (matches[matches.length - 1]?.route.handle as RouteHandle | undefined)?.page,
  };
}

describe('route table per user', () => {
  it('registers only the permitted pages: anything else falls through to the 404 page', () => {
    const agent = buildRoutes({ routerPaths: agentPaths }, false);
    expect(leaf(agent, '/devices/devices__manage').page?.name).toBe('devices__manage');
    expect(leaf(agent, '/power_station/power_station_detail').page?.name).toBe('power_station_detail');
    for (const path of ['/dashboard', '/auth/user', '/no/such/page']) {
      expect(leaf(agent, path).page).toBeUndefined();
      expect((leaf(agent, path).route?.handle as RouteHandle).notFound).toBe(true);
    }
  });

  it('is rebuilt from the current user alone: nothing of an earlier user remains', () => {
    const admin = buildRoutes({ routerPaths: adminPaths }, false);
    expect(leaf(admin, '/auth/user').page?.name).toBe('user');
    const agentAfterAdmin = buildRoutes({ routerPaths: agentPaths }, false);
    expect(leaf(agentAfterAdmin, '/auth/user').page).toBeUndefined();
    expect(
      accessKey({ routerPaths: agentPaths, orgGroup: { orgGroupCode: 'AGENT', orgGroupName: '', orgGroupId: 2 } }),
    ).not.toBe(
      accessKey({ routerPaths: adminPaths, orgGroup: { orgGroupCode: 'ROOT', orgGroupName: '', orgGroupId: 1 } }),
    );
    expect(accessKey(null)).toBe('');
  });

  it('leaves the SaaS-hidden pages out of the SaaS build', () => {
    expect(
      leaf(buildRoutes({ routerPaths: adminPaths }, false), '/business_partners/service_provider').page?.name,
    ).toBe('service_provider');
    expect(
      leaf(buildRoutes({ routerPaths: adminPaths }, true), '/business_partners/service_provider').page,
    ).toBeUndefined();
  });

  it('keeps the public routes reachable signed in or not, and sends the rest to the guard without user info', () => {
    for (const info of [null, { routerPaths: agentPaths }]) {
      const routes = buildRoutes(info, false);
      for (const [path, titleKey] of [
        ['/login', 'route.login'],
        ['/404', 'route.notFound'],
        ['/policy', 'route.policy'],
        ['/customer/cancel', 'route.customerCancel'],
        ['/introduction', 'route.introduction'],
        ['/product', 'route.product'],
        ['/helpDoc', 'route.helpDoc'],
      ]) {
        expect(leaf(routes, path!).handle).toBe(titleKey);
      }
    }
    const guest = buildRoutes(null, false);
    expect(leaf(guest, '/dashboard').route?.path).toBe('*');
    expect(leaf(guest, '/dashboard').handle).toBeUndefined();
  });

  it('titles a console page from its route and an unknown path as not found', () => {
    const admin = buildRoutes({ routerPaths: adminPaths }, false);
    expect(leaf(admin, '/dashboard').handle).toBe('route.dashboard');
    expect(leaf(admin, '/auth/user').handle).toBe('route.user');
    expect(leaf(admin, '/nowhere').handle).toBe('route.notFound');
  });

  it('sends / to the first permitted group and its first page, and a group path to its first page', () => {
    const redirectOf = (routes: RouteObject[], path: string) =>
      (leaf(routes, path).route?.element as ReactElement<{ to: string }>).props.to;
    const admin = buildRoutes({ routerPaths: adminPaths }, false);
    const agent = buildRoutes({ routerPaths: agentPaths }, false);
    expect(redirectOf(admin, '/')).toBe('/dashboard');
    expect(redirectOf(agent, '/')).toBe('/power_station/power_station_list');
    expect(redirectOf(admin, '/auth')).toBe('/auth/user');
    expect(redirectOf(agent, '/devices')).toBe('/devices/devices__manage');
  });
});
