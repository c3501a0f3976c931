import { queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http';
import type { UserInfo } from '@/stores/session';

/** The roles you hold and the one you act as (null: all of them), for the role switch. */
export interface MyRoles {
  roles: { code: string; name: string }[];
  actingAs: string | null;
}

export const getMyRoles = () => http.get<MyRoles>('/sysOrgUser/roles');

/** Every answer kept for one user starts with this key. */
export const myRolesKey = (loginName: string) => ['my-roles', loginName] as const;

// keyed by the roles too: a role granted or taken away (a new currentInfo) reads the list again
export const myRolesQuery = (info: Pick<UserInfo, 'loginName' | 'roles'>) =>
  queryOptions({ queryKey: [...myRolesKey(info.loginName), info.roles.join(',')], queryFn: getMyRoles });
