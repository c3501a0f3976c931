import type { Page, PlantRow } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** Plants to bind a device to: the plant list of the caller's scope, searched by name. */
export const getPlantOptions = (name: string) =>
  http.get<Page<PlantRow>>('/plants', { query: { pageNum: 1, pageSize: 20, name: name || undefined } });

export const plantOptionsQuery = (name: string) =>
  queryOptions({
    queryKey: ['plants', 'options', name],
    queryFn: () => getPlantOptions(name),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const usePlantOptions = (name: string) => useQuery(plantOptionsQuery(name));
