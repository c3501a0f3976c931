// INTERFACE STUB — owned by the web-features helper, who replaces the body (keep the exports).
import { create } from 'zustand';

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
  /** Fetches currentInfo once; rejects with 'getInfo: roles must be a non-null array !' when roles are empty. */
  fetchInfo(): Promise<UserInfo>;
  /** Calls /sysLogout, clears token, roles and cookie, closes all tabs. */
  logout(): Promise<void>;
  /** Clears token, roles and cookie (no server call). */
  resetToken(): void;
}

export const useSession = create<SessionState>(() => ({
  token: undefined,
  info: null,
  login: async () => {},
  fetchInfo: async () => {
    throw new Error('not implemented');
  },
  logout: async () => {},
  resetToken: () => {},
}));
