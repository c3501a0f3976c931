import type { OrgTreeRow } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** The organisations of the caller's scope, parents first (`buildTree` nests them). */
export const getOrgs = (opts?: { silent?: boolean }) => http.get<OrgTreeRow[]>('/orgs', opts);

/** The organisation tree page's query; its key is the root of every orgs query, so mutations invalidate with it. */
export const orgsQuery = () => queryOptions({ queryKey: ['orgs'], queryFn: () => getOrgs() });

export const useOrgs = () => useQuery(orgsQuery());

// Options of an organisation filter; without org:list the filter is not offered (no toast).
export const orgOptionsQuery = () =>
  queryOptions({
    queryKey: [...orgsQuery().queryKey, 'options'],
    queryFn: () => getOrgs({ silent: true }),
    staleTime: 60_000,
    retry: false,
  });

export const useOrgOptions = (enabled = true) => useQuery({ ...orgOptionsQuery(), enabled });
