import type { PlantDetail } from '@pv/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { useLiveQuery } from '@/lib/live';
import { plantsKey } from '@/api/query-keys';

export const getPlant = (id: number) => http.get<PlantDetail>(`/plants/${id}`);

export const plantQuery = (id: number) =>
  queryOptions({ queryKey: [...plantsKey, 'detail', id], queryFn: () => getPlant(id), enabled: id > 0 });

/** Refreshed by live events naming the plant (the detail page); polls only while the stream is not open. */
export function usePlant(id: number) {
  return useLiveQuery(plantQuery(id));
}
