import type { Page, RoleListQuery, RoleRow } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getRoles = (query: RoleListQuery) => http.get<Page<RoleRow>>('/roles', { query: { ...query } });

/** Every roles query (the list, the form options) starts with this key; mutations invalidate it. */
export const rolesKey = ['roles'] as const;

export const rolesQuery = (query: RoleListQuery) =>
  queryOptions({ queryKey: [...rolesKey, query], queryFn: () => getRoles(query), placeholderData: keepPreviousData });

export const useRoles = (query: RoleListQuery) => useQuery(rolesQuery(query));
