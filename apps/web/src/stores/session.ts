import { ORG_GROUP_CODES, type CurrentInfoResponse } from '@pv/contract';
import { create } from 'zustand';
import { http } from '../lib/http';
import { getToken, removeToken, setToken } from '../lib/token';
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
}

export interface SessionState {
  token: string | undefined;
  info: UserInfo | null;
  login(username: string, password: string): Promise<void>;
  fetchInfo(): Promise<UserInfo>;
  logout(): Promise<void>;
  resetToken(): void;
}

export const ROLES_REQUIRED = 'getInfo: roles must be a non-null array !';

/** The currentInfo answer (spec §3) as the console's user. */
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
    routerPaths: data.list.map((l) => l.routerPath),
  };
}

/** ROOT starts at the dashboard, every other organisation group at the plant list (spec §6). */
export function homePathOf(info: Pick<UserInfo, 'orgGroup'> | null | undefined): string {
  return info?.orgGroup.orgGroupCode === ORG_GROUP_CODES.ROOT ? '/dashboard' : '/power_station/power_station_list';
}

export const useSession = create<SessionState>((set, get) => ({
  token: getToken(),
  info: null,
  async login(username, password) {
    const { token } = await http.post<{ token: string }>('/login', { username: username.trim(), password });
    setToken(token);
    set({ token, info: null });
  },
  async fetchInfo() {
    const token = get().token;
    // currentInfo's answer carries orgGroup, orgName and userName beside data, so read it whole.
    const res = await fetch(`/photo_voltaic/sysOrgUser/currentInfo?token=${encodeURIComponent(token ?? '')}`, {
      headers: { 'Accept-Language': document.documentElement.lang.slice(0, 2) || 'en' },
    });
    const body = (await res.json()) as CurrentInfoResponse;
    if (body.code !== 200) throw new Error(body.msg);
    const info = toUserInfo(body);
    sessionStorage.setItem('userBtns', info.btns);
    set({ info });
    return info;
  },
  async logout() {
    try {
      await http.get('/sysLogout');
    } finally {
      removeToken();
      set({ token: undefined, info: null });
      useTagsView.getState().delAllViews();
    }
  },
  resetToken() {
    removeToken();
    set({ token: undefined, info: null });
  },
}));
