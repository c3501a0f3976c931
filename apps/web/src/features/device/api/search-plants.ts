import type { Page, PlantRow } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { plantsKey } from '@/api/query-keys';

/** Plants to bind a device to: the plant list of the caller's scope, searched by name. */
export const searchPlants = (name: string) =>
  http.get<Page<PlantRow>>('/plants', { query: { pageNum: 1, pageSize: 20, name: name || undefined } });

export const plantSearchQuery = (name: string) =>
  queryOptions({
    queryKey: [...plantsKey, 'search', name],
    queryFn: () => searchPlants(name),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const usePlantSearch = (name: string) => useQuery(plantSearchQuery(name));
