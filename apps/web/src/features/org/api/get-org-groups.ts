import type { OrgGroupListQuery, OrgGroupRow, Page } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getOrgGroups = (query: OrgGroupListQuery) =>
  http.get<Page<OrgGroupRow>>('/orgGroups', { query: { ...query } });

export const orgGroupsQuery = (query: OrgGroupListQuery) =>
  queryOptions({
    queryKey: ['orgGroups', query],
    queryFn: () => getOrgGroups(query),
    placeholderData: keepPreviousData,
  });

export const useOrgGroups = (query: OrgGroupListQuery) => useQuery(orgGroupsQuery(query));
