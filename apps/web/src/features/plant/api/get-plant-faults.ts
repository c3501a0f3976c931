import type { FaultRow, Page } from '@pv/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { useLiveQuery } from '@/lib/live';
import { plantsKey } from '@/api/query-keys';

export const getPlantFaults = (id: number, pageNum: number, pageSize: number) =>
  http.get<Page<FaultRow>>(`/plants/${id}/faults`, { query: { pageNum, pageSize } });

export const plantFaultsQuery = (id: number, pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: [...plantsKey, 'faults', id, pageNum, pageSize],
    queryFn: () => getPlantFaults(id, pageNum, pageSize),
    placeholderData: keepPreviousData,
  });

/** Refreshed by live events naming the plant; polls only while the stream is not open. */
export function usePlantFaults(id: number, pageNum: number, pageSize: number) {
  return useLiveQuery(plantFaultsQuery(id, pageNum, pageSize));
}
