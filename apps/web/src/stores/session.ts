import { ORG_GROUP_CODES, type CurrentInfoResponse } from '@pv/contract';
import { create } from 'zustand';
import { http, onSessionEnd } from '@/lib/http';
import { getToken, removeToken, setToken } from '@/lib/token';
import { useTagsView } from './tags-view';

export interface UserInfo {
  name: string;
  loginName: string;
  avatar: string;
  introduction: string;
  roles: string[];
  /** The perms string (button permission codes), also kept in session storage as userBtns. */
  btns: string;
  orgGroup: { orgGroupCode: string; orgGroupName: string; orgGroupId: number };
  orgName: string;
  orgId: number;
  /** routerPath of every permitted menu. */
  routerPaths: string[];
  /** The user's own zone setting (null: the browser's; undefined: the server did not say). */
  timeZone?: string | null;
}

export interface SessionState {
  token: string | undefined;
  info: UserInfo | null;
  login(username: string, password: string): Promise<void>;
  fetchInfo(): Promise<UserInfo>;
  logout(): Promise<void>;
  /** Spec §4 role change: a new session acting as one role (null: all), info refetched, tabs closed. */
  switchRole(role: string | null): Promise<void>;
  resetToken(): void;
}

/** Spec §8: the exact wording when the user info carries no role. */
export const ROLES_REQUIRED = 'getInfo: roles must be a non-null array !';
export const USER_BTNS_KEY = 'userBtns';

/** The currentInfo answer (spec §3) as the console's user; no role at all is refused (spec §4). */
export function toUserInfo(res: CurrentInfoResponse): UserInfo {
  const { data } = res;
  if (!Array.isArray(data?.roles) || data.roles.length === 0) throw new Error(ROLES_REQUIRED);
  return {
    name: data.nickname,
    loginName: res.userName,
    avatar: data.avatar,
    introduction: data.introduction,
    roles: data.roles,
    btns: data.perms,
    orgGroup: res.orgGroup,
    orgName: res.orgName,
    orgId: data.orgId,
    routerPaths: (data.list ?? []).map((l) => l.routerPath),
    ...(data.timeZone !== undefined ? { timeZone: data.timeZone } : {}),
  };
}

/** ROOT starts at the dashboard, every other organisation group at the plant list (spec §6). */
export function homePathOf(info: Pick<UserInfo, 'orgGroup'> | null | undefined): string {
  return info?.orgGroup.orgGroupCode === ORG_GROUP_CODES.ROOT ? '/dashboard' : '/power_station/power_station_list';
}

/** The signed-in session (spec §4): token in the Admin-Token cookie, user info fetched once. */
export const useSession = create<SessionState>((set, get) => ({
  token: getToken(),
  info: null,
  async login(username, password) {
    const { token } = await http.post<{ token: string }>('/login', { username: username.trim(), password });
    setToken(token);
    set({ token, info: null });
  },
  async fetchInfo() {
    const token = get().token ?? getToken() ?? '';
    // currentInfo carries orgGroup, orgName and userName beside data, so the whole answer is read.
    // Silent: the route guard reports a failure itself, then sends the user to /login.
    const res = await http.getEnvelope<CurrentInfoResponse>('/sysOrgUser/currentInfo', {
      query: { token },
      silent: true,
    });
    const info = toUserInfo(res);
    sessionStorage.setItem(USER_BTNS_KEY, info.btns);
    set({ info });
    return info;
  },
  async logout() {
    try {
      await http.get('/sysLogout');
    } finally {
      // Whatever the server answered, this browser's session ends (spec §4).
      removeToken();
      set({ token: undefined, info: null });
      useTagsView.getState().delAllViews();
    }
  },
  async switchRole(role) {
    const { token } = await http.post<{ token: string }>('/sysOrgUser/switchRole', { role });
    setToken(token);
    useTagsView.getState().delAllViews();
    // no info: the route guard fetches it again and the routes are rebuilt for the new role
    set({ token, info: null });
  },
  resetToken() {
    removeToken();
    set({ token: undefined, info: null });
  },
}));

// An expired session answered "Log in again" resets the store too, not only the cookie.
onSessionEnd(() => useSession.getState().resetToken());
