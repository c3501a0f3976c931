import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export interface OrgOption {
  id: number;
  name: string;
}

// Options of the organisation filter; without org:list the filter is not offered (no toast).
export const getOrgs = () => http.get<OrgOption[]>('/orgs', { silent: true });

export const orgsQuery = () =>
  queryOptions({ queryKey: ['orgs', 'options'], queryFn: getOrgs, staleTime: 60_000, retry: false });

export const useOrgs = (enabled = true) => useQuery({ ...orgsQuery(), enabled });
