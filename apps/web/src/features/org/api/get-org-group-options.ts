import type { OrgGroupOption } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getOrgGroupOptions = () => http.get<OrgGroupOption[]>('/orgs/groups');

export const orgGroupOptionsQuery = () =>
  queryOptions({ queryKey: ['orgGroupOptions'], queryFn: getOrgGroupOptions, staleTime: 60_000 });

export const useOrgGroupOptions = () => useQuery(orgGroupOptionsQuery());
