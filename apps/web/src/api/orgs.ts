import type { OrgTreeRow, ScopedOrgOption } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** The organisations of the caller's scope, parents first (`buildTree` nests them). */
export const getOrgs = (opts?: { silent?: boolean }) => http.get<OrgTreeRow[]>('/orgs', opts);

/** The organisation tree page's query; its key is the root of every orgs query, so mutations invalidate with it. */
export const orgsQuery = () => queryOptions({ queryKey: ['orgs'], queryFn: () => getOrgs() });

export const useOrgs = () => useQuery(orgsQuery());

/** The organisations of the caller's data scope as options (device:list), parents first. */
export const getOrgOptions = () => http.get<ScopedOrgOption[]>('/options/orgs', { silent: true });

// Options of an organisation filter, from the scoped option list (the full /orgs tree needs org:list,
// which a service provider does not hold); under the orgs key, so org mutations refresh it too.
export const orgOptionsQuery = () =>
  queryOptions({
    queryKey: [...orgsQuery().queryKey, 'options'],
    queryFn: getOrgOptions,
    staleTime: 60_000,
    retry: false,
  });

export const useOrgOptions = (enabled = true) => useQuery({ ...orgOptionsQuery(), enabled });
