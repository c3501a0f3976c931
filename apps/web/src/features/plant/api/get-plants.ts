import type { PlantListQuery, PlantPage } from '@pv/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { useLiveQuery } from '@/lib/live';
import { plantsKey } from '@/api/query-keys';

export const getPlants = (query: PlantListQuery) => http.get<PlantPage>('/plants', { query: { ...query } });

/** Every plant list query starts with this key (a favourite changes the lists' order). */
export const plantListKey = [...plantsKey, 'list'] as const;

export const plantsQuery = (query: PlantListQuery) =>
  queryOptions({
    queryKey: [...plantListKey, query],
    queryFn: () => getPlants(query),
    placeholderData: keepPreviousData,
  });

/** Refreshed by live events (the list page's useLiveInvalidate); polls only while the stream is not open. */
export function usePlants(query: PlantListQuery) {
  return useLiveQuery(plantsQuery(query));
}
