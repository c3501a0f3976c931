import type { IndustryListQuery, IndustryRow, Page } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { industryKeys } from './keys';

export const getIndustries = (query: IndustryListQuery) =>
  http.get<Page<IndustryRow>>('/industries', { query: { ...query } });

export const industriesQuery = (query: IndustryListQuery) =>
  queryOptions({
    queryKey: [...industryKeys.lists(), query],
    queryFn: () => getIndustries(query),
    placeholderData: keepPreviousData,
  });

export const useIndustries = (query: IndustryListQuery) => useQuery(industriesQuery(query));
