import { flattenRoutes, ROUTE_TREE } from '@pv/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { homePathOf } from './session';
import { useTagsView, viewOf, type TagView } from './tags-view';

const view = (path: string, extra: Partial<TagView> = {}): TagView => ({
  path,
  fullPath: path,
  name: path,
  titleKey: `route.${path}`,
  ...extra,
});
const dashboard = view('/dashboard', { affix: true });
const users = view('/auth/user');
const password = view('/userCenter/changePassword', { noCache: true });
const devices = view('/devices/devices__manage');

describe('tags view', () => {
  beforeEach(() => useTagsView.setState({ visitedViews: [], cachedViews: [], refreshKeys: {} }));
  const s = () => useTagsView.getState();

  it('adds a tab once, and a cached view unless noCache', () => {
    s().addView(dashboard);
    s().addView(users);
    s().addView({ ...users, fullPath: '/auth/user?page=2' });
    s().addView(password);
    expect(s().visitedViews.map((v) => v.path)).toEqual(['/dashboard', '/auth/user', '/userCenter/changePassword']);
    expect(s().visitedViews[1]!.fullPath).toBe('/auth/user?page=2');
    expect(s().cachedViews).toEqual(['/dashboard', '/auth/user']);
  });

  it('never closes an affix tab', () => {
    s().addView(dashboard);
    s().delView(dashboard);
    expect(s().visitedViews).toHaveLength(1);
  });

  it('close one, close others (affix + the chosen one stay), close all (affix stays)', () => {
    for (const v of [dashboard, users, password, devices]) s().addView(v);
    s().delView(password);
    expect(s().visitedViews.map((v) => v.path)).toEqual(['/dashboard', '/auth/user', '/devices/devices__manage']);
    s().delOthersViews(devices);
    expect(s().visitedViews.map((v) => v.path)).toEqual(['/dashboard', '/devices/devices__manage']);
    expect(s().cachedViews).toEqual(['/dashboard', '/devices/devices__manage']);
    s().delAllViews();
    expect(s().visitedViews.map((v) => v.path)).toEqual(['/dashboard']);
    expect(s().cachedViews).toEqual(['/dashboard']);
  });

  it('refresh bumps the page key so it mounts again', () => {
    s().refreshView('/auth/user');
    s().refreshView('/auth/user');
    expect(s().refreshKeys['/auth/user']).toBe(2);
  });

  it('keeps only the tabs of permitted routes (never those of an earlier user)', () => {
    for (const v of [dashboard, users, devices]) s().addView(v);
    s().keepOnly(['/devices/devices__manage']);
    expect(s().visitedViews.map((v) => v.path)).toEqual(['/devices/devices__manage']);
    expect(s().cachedViews).toEqual(['/devices/devices__manage']);
  });

  // issue 42: the agent had no pinned tab, so "close others" left only the current one
  it("pins the landing page of a user without a dashboard, as the administrator's dashboard is", () => {
    const route = (path: string) => flattenRoutes(ROUTE_TREE).find((r) => r.fullPath === path)!;
    const agentHome = homePathOf({ orgGroup: { orgGroupCode: 'AGENT', orgGroupName: 'Agent', orgGroupId: 2 } });
    expect(agentHome).toBe('/power_station/power_station_list');
    const plantList = viewOf(route(agentHome), agentHome);
    expect(plantList.affix).toBe(true);
    expect(viewOf(route('/devices/devices__manage'), agentHome).affix).toBe(false);
    // the administrator: the dashboard by its route, the plant list a tab like any other
    expect(viewOf(route('/dashboard'), '/dashboard').affix).toBe(true);
    expect(viewOf(route(agentHome), '/dashboard').affix).toBe(false);

    const agentDevices = viewOf(route('/devices/devices__manage'), agentHome);
    for (const v of [plantList, agentDevices, viewOf(route('/devices/data'), agentHome)]) s().addView(v);
    s().delOthersViews(agentDevices);
    expect(s().visitedViews.map((v) => v.path)).toEqual([agentHome, '/devices/devices__manage']);
    s().delView(plantList);
    s().delAllViews();
    expect(s().visitedViews.map((v) => v.path)).toEqual([agentHome]);
  });

  it('pins a tab opened before it became the landing page', () => {
    s().addView(users);
    s().addView({ ...users, affix: true });
    expect(s().visitedViews).toEqual([{ ...users, affix: true }]);
    s().delAllViews();
    expect(s().visitedViews.map((v) => v.path)).toEqual(['/auth/user']);
  });
});
