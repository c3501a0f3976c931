import { describe, expect, it } from 'vitest';
import { homePathOf, ROLES_REQUIRED, toUserInfo } from '@/stores/session';
import {
  breadcrumbOf,
  firstPath,
  groupRedirect,
  loginRedirect,
  navigationErrorMessage,
  pagesByPath,
  permittedTree,
} from './route-utils';
import { adminPaths, agentPaths } from './test-paths';

const root = { orgGroup: { orgGroupCode: 'ROOT', orgGroupName: 'Platform', orgGroupId: 1 } };
const agent = { orgGroup: { orgGroupCode: 'AGENT', orgGroupName: 'Service provider', orgGroupId: 2 } };

describe('route building', () => {
  it('keeps only permitted routes, so the others cannot be reached', () => {
    const pages = pagesByPath(permittedTree(agentPaths, false));
    expect([...pages.keys()]).toEqual([
      '/power_station/power_station_list',
      '/power_station/power_station_detail',
      '/devices/devices__manage',
    ]);
    expect(pages.has('/dashboard')).toBe(false);
    // a child is dropped when its group is not permitted
    expect(pagesByPath(permittedTree(['/auth/user'], false)).size).toBe(0);
  });

  it('drops the service-provider pages in the SaaS build', () => {
    expect(pagesByPath(permittedTree(adminPaths, false)).has('/business_partners/service_provider')).toBe(true);
    expect(pagesByPath(permittedTree(adminPaths, true)).has('/business_partners/service_provider')).toBe(false);
  });

  it('sends / to the first permitted top-level route and its first child', () => {
    expect(firstPath(permittedTree(adminPaths, false))).toBe('/dashboard');
    expect(firstPath(permittedTree(agentPaths, false))).toBe('/power_station/power_station_list');
    expect(groupRedirect(permittedTree(adminPaths, false), '/auth')).toBe('/auth/user');
  });

  it('builds the login redirect (lib/redirect.test.ts: where it may lead back to)', () => {
    expect(loginRedirect('/dashboard')).toBe('/login?redirect=%2Fdashboard');
    expect(loginRedirect('/auth/user?x=1')).toBe('/login?redirect=%2Fauth%2Fuser%3Fx%3D1');
  });

  it('shows the error of a failed navigation, else "Has Error"', () => {
    expect(navigationErrorMessage(new Error('getInfo: roles must be a non-null array !'), 'Has Error')).toBe(
      'getInfo: roles must be a non-null array !',
    );
    expect(navigationErrorMessage('session expired', 'Has Error')).toBe('session expired');
    expect(navigationErrorMessage(new Error(''), 'Has Error')).toBe('Has Error');
    expect(navigationErrorMessage(undefined, 'Has Error')).toBe('Has Error');
  });

  it('starts the breadcrumb and the home at the dashboard for ROOT, else at the plant list', () => {
    expect(homePathOf(root)).toBe('/dashboard');
    expect(homePathOf(agent)).toBe('/power_station/power_station_list');
    expect(breadcrumbOf('/auth/user', permittedTree(adminPaths, false), root)).toEqual([
      { titleKey: 'route.dashboard', path: '/dashboard' },
      { titleKey: 'route.auth' },
      { titleKey: 'route.user' },
    ]);
    expect(breadcrumbOf('/devices/devices__manage', permittedTree(agentPaths, false), agent)[0]).toEqual({
      titleKey: 'route.powerStationList',
      path: '/power_station/power_station_list',
    });
  });
});

describe('user info', () => {
  const answer = {
    code: 200,
    msg: 'ok',
    data: {
      roles: ['agent'],
      orgId: 2,
      nickname: 'SunPath Agent',
      perms: 'plant:create,plant:update',
      avatar: '',
      introduction: '',
      list: [{ routerPath: '/power_station' }],
    },
    orgGroup: agent.orgGroup,
    orgName: 'SunPath Services',
    userName: 'agent',
  };

  it('maps the currentInfo answer', () => {
    expect(toUserInfo(answer)).toEqual({
      name: 'SunPath Agent',
      loginName: 'agent',
      avatar: '',
      introduction: '',
      roles: ['agent'],
      btns: 'plant:create,plant:update',
      orgGroup: agent.orgGroup,
      orgName: 'SunPath Services',
      orgId: 2,
      routerPaths: ['/power_station'],
    });
  });

  it('rejects empty roles with the spec message', () => {
    expect(() => toUserInfo({ ...answer, data: { ...answer.data, roles: [] } })).toThrow(ROLES_REQUIRED);
  });
});
