import type { Page, PlantRow } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { plantsKey } from './query-keys';

/**
 * The plants of the caller's scope as options of a filter, searched by name (the first 20); a
 * list filter that cannot read plants shows no options instead of an error.
 */
export const searchPlantOptions = (name: string) =>
  http.get<Page<PlantRow>>('/plants', { query: { pageNum: 1, pageSize: 20, name: name || undefined }, silent: true });

export const plantOptionSearchQuery = (name: string) =>
  queryOptions({
    queryKey: [...plantsKey, 'option-search', name],
    queryFn: () => searchPlantOptions(name),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });

/** For a RemoteSelect: the options matching what is typed. */
export function usePlantOptionSearch(search: string) {
  const { data, isFetching } = useQuery(plantOptionSearchQuery(search));
  return { options: (data?.rows ?? []).map((p) => ({ value: p.id, label: p.name })), loading: isFetching };
}

/** One plant's name (a filter that arrives by link knows only the id). */
export function usePlantName(id: number | undefined) {
  const { data } = useQuery({
    queryKey: [...plantsKey, 'name', id],
    queryFn: () => http.get<{ name: string }>(`/plants/${id}`, { silent: true }),
    enabled: !!id,
    staleTime: 60_000,
    retry: false,
  });
  return data?.name;
}
