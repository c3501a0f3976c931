import type { Page, ProviderQuery, ProviderRow } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getProviders = (query: ProviderQuery) =>
  http.get<Page<ProviderRow>>('/providers', { query: { ...query } });

/** Every providers query (the list, the options) starts with this key; mutations invalidate it. */
export const providersKey = ['providers'] as const;

export const providersQuery = (query: ProviderQuery) =>
  queryOptions({
    queryKey: [...providersKey, 'list', query],
    queryFn: () => getProviders(query),
    placeholderData: keepPreviousData,
  });

export const useProviders = (query: ProviderQuery) => useQuery(providersQuery(query));
