import type { PlantListQuery, PlantPage } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** Until the live events (SSE) arrive, lists refresh on their own. */
export const PLANT_REFRESH_MS = 15_000;

export const getPlants = (query: PlantListQuery) => http.get<PlantPage>('/plants', { query: { ...query } });

export const plantsQuery = (query: PlantListQuery) => queryOptions({ queryKey: ['plants', 'list', query], queryFn: () => getPlants(query), placeholderData: keepPreviousData, refetchInterval: PLANT_REFRESH_MS });

export const usePlants = (query: PlantListQuery) => useQuery(plantsQuery(query));
