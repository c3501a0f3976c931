import type { CurrentInfoResponse } from '@pv/contract';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setFeedback } from '@/lib/feedback';
import { initI18n } from '@/lib/i18n';
import { homePathOf, ROLES_REQUIRED, toUserInfo, useSession } from './session';
import { useTagsView } from './tags-view';
import { mockFetch, respond } from '@/test-fetch';

initI18n('en');

const message = {
  destroy: vi.fn(),
  error: vi.fn(),
  success: vi.fn(),
  warning: vi.fn(),
  info: vi.fn(),
  loading: vi.fn(),
  open: vi.fn(),
};
const modal = { confirm: vi.fn(), info: vi.fn(), success: vi.fn(), error: vi.fn(), warning: vi.fn() };

const currentInfo = (roles: string[]): CurrentInfoResponse => ({
  code: 200,
  msg: 'ok',
  data: {
    roles,
    orgId: 7,
    nickname: 'Ada Admin',
    perms: 'user:list,user:export',
    avatar: '/a.png',
    introduction: 'hello',
    list: [{ routerPath: '/auth' }, { routerPath: '/auth/user' }],
  },
  orgGroup: { orgGroupCode: 'AGENT', orgGroupName: 'Service provider', orgGroupId: 3 },
  orgName: 'SunPath Services',
  userName: 'ada',
});

/** A fake server: each call answers the next body of `bodies` (HTTP status = code). */
function server(...bodies: unknown[]) {
  return mockFetch(() => respond(bodies.shift() as { code: number; msg: string }));
}
const calls = (fetch: ReturnType<typeof server>) => fetch.mock.calls.map((c) => c as unknown as [string, RequestInit]);

describe('session store', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    setFeedback({ message, modal } as never);
    Cookies.remove('Admin-Token');
    sessionStorage.clear();
    useSession.setState({ token: undefined, info: null });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('maps the currentInfo answer to the console user', () => {
    expect(toUserInfo(currentInfo(['admin']))).toEqual({
      name: 'Ada Admin',
      loginName: 'ada',
      avatar: '/a.png',
      introduction: 'hello',
      roles: ['admin'],
      btns: 'user:list,user:export',
      orgGroup: { orgGroupCode: 'AGENT', orgGroupName: 'Service provider', orgGroupId: 3 },
      orgName: 'SunPath Services',
      orgId: 7,
      routerPaths: ['/auth', '/auth/user'],
    });
  });

  it('refuses a user without roles with the exact message of spec §8', () => {
    expect(() => toUserInfo(currentInfo([]))).toThrow(ROLES_REQUIRED);
    expect(ROLES_REQUIRED).toBe('getInfo: roles must be a non-null array !');
  });

  it('signs in with the trimmed username, keeping the token in the Admin-Token cookie', async () => {
    const fetch = server({ code: 200, msg: 'ok', data: { token: 'tok-1' } });
    await useSession.getState().login('  ada  ', ' secret ');
    const [url, init] = calls(fetch)[0]!;
    expect(url).toBe('/photo_voltaic/login');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ username: 'ada', password: ' secret ' });
    expect(Cookies.get('Admin-Token')).toBe('tok-1');
    expect(useSession.getState().token).toBe('tok-1');
  });

  it('passes a failed sign-in up to the caller and keeps no token', async () => {
    server({ code: 400, msg: 'Wrong username or password', data: null });
    await expect(useSession.getState().login('ada', 'x')).rejects.toMatchObject({ code: 400 });
    expect(Cookies.get('Admin-Token')).toBeUndefined();
  });

  it('fetches the user info with the token as query, keeps the perms as userBtns', async () => {
    Cookies.set('Admin-Token', 'tok 2');
    useSession.setState({ token: 'tok 2' });
    const fetch = server(currentInfo(['viewer']));
    const info = await useSession.getState().fetchInfo();
    expect(calls(fetch)[0]![0]).toBe('/photo_voltaic/sysOrgUser/currentInfo?token=tok+2');
    expect(info.loginName).toBe('ada');
    expect(useSession.getState().info).toEqual(info);
    expect(sessionStorage.getItem('userBtns')).toBe('user:list,user:export');
  });

  it('rejects the user info without roles, and a failed fetch, leaving the reporting to the caller', async () => {
    useSession.setState({ token: 'tok' });
    server(currentInfo([]));
    await expect(useSession.getState().fetchInfo()).rejects.toThrow(ROLES_REQUIRED);
    expect(useSession.getState().info).toBeNull();
    expect(sessionStorage.getItem('userBtns')).toBeNull();

    Cookies.set('Admin-Token', 'tok');
    server({ code: 401, msg: 'Session expired', data: null });
    await expect(useSession.getState().fetchInfo()).rejects.toThrow('Session expired');
    // the route guard shows the message and goes to /login: no toast, no logout dialog here
    expect(message.error).not.toHaveBeenCalled();
    expect(modal.confirm).not.toHaveBeenCalled();
  });

  it('logs out on the server, then clears token, cookie, userBtns and closes all tabs', async () => {
    Cookies.set('Admin-Token', 'tok');
    sessionStorage.setItem('userBtns', 'user:list');
    useSession.setState({ token: 'tok', info: toUserInfo(currentInfo(['admin'])) });
    useTagsView.setState({
      visitedViews: [{ path: '/auth/user', fullPath: '/auth/user', name: 'user', titleKey: 'route.user' }],
      cachedViews: ['/auth/user'],
    });
    const fetch = server({ code: 200, msg: 'ok', data: null });
    await useSession.getState().logout();
    expect(calls(fetch)[0]![0]).toBe('/photo_voltaic/sysLogout');
    expect(Cookies.get('Admin-Token')).toBeUndefined();
    expect(sessionStorage.getItem('userBtns')).toBeNull();
    expect(useSession.getState()).toMatchObject({ token: undefined, info: null });
    expect(useTagsView.getState().visitedViews).toEqual([]);
  });

  it('ends the local session even when the server refuses the logout', async () => {
    Cookies.set('Admin-Token', 'tok');
    useSession.setState({ token: 'tok' });
    server({ code: 500, msg: 'boom', data: null });
    await expect(useSession.getState().logout()).rejects.toMatchObject({ code: 500 });
    expect(Cookies.get('Admin-Token')).toBeUndefined();
    expect(useSession.getState().token).toBeUndefined();
  });

  it('resets the token without a server call', () => {
    const fetch = server();
    Cookies.set('Admin-Token', 'tok');
    useSession.setState({ token: 'tok', info: toUserInfo(currentInfo(['admin'])) });
    useSession.getState().resetToken();
    expect(fetch).not.toHaveBeenCalled();
    expect(Cookies.get('Admin-Token')).toBeUndefined();
    expect(useSession.getState()).toMatchObject({ token: undefined, info: null });
  });

  it('starts ROOT at the dashboard and everyone else at the plant list', () => {
    expect(homePathOf({ orgGroup: { orgGroupCode: 'ROOT', orgGroupName: 'Platform', orgGroupId: 1 } })).toBe(
      '/dashboard',
    );
    expect(homePathOf(toUserInfo(currentInfo(['agent'])))).toBe('/power_station/power_station_list');
    expect(homePathOf(null)).toBe('/power_station/power_station_list');
  });
});
