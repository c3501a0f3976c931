import type { OrgGroupListQuery, OrgGroupRow, Page } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getOrgGroups = (query: OrgGroupListQuery) =>
  http.get<Page<OrgGroupRow>>('/orgGroups', { query: { ...query } });

/** Every organisation-group list query starts with this key; mutations invalidate it. */
export const orgGroupsKey = ['orgGroups'] as const;

export const orgGroupsQuery = (query: OrgGroupListQuery) =>
  queryOptions({
    queryKey: [...orgGroupsKey, query],
    queryFn: () => getOrgGroups(query),
    placeholderData: keepPreviousData,
  });

export const useOrgGroups = (query: OrgGroupListQuery) => useQuery(orgGroupsQuery(query));
