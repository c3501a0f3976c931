import type { Page, ProviderPlantQuery, ProviderPlantRow } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getProviderPlants = (query: ProviderPlantQuery) =>
  http.get<Page<ProviderPlantRow>>('/provider-plants', { query: { ...query } });

export const providerPlantsKey = ['provider-plants'] as const;

export const providerPlantsQuery = (query: ProviderPlantQuery) =>
  queryOptions({
    queryKey: [...providerPlantsKey, query],
    queryFn: () => getProviderPlants(query),
    placeholderData: keepPreviousData,
  });

export const useProviderPlants = (query: ProviderPlantQuery) => useQuery(providerPlantsQuery(query));
