import type { RoleOptions } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { rolesKey } from '@/features/role/api/get-roles';

/** Organisations, data scopes and the sensitive grant you may give. */
export const roleOptionsQuery = () =>
  queryOptions({ queryKey: [...rolesKey, 'options'], queryFn: () => http.get<RoleOptions>('/roles/options') });

export const useRoleOptions = (enabled = true) => useQuery({ ...roleOptionsQuery(), enabled });
