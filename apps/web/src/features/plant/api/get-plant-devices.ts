import type { Page, PlantDeviceRow } from '@pv/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { useLiveQuery } from '@/lib/live';
import { plantsKey } from '@/api/query-keys';

export const getPlantDevices = (id: number, pageNum: number, pageSize: number) =>
  http.get<Page<PlantDeviceRow>>(`/plants/${id}/devices`, { query: { pageNum, pageSize } });

export const plantDevicesQuery = (id: number, pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: [...plantsKey, 'devices', id, pageNum, pageSize],
    queryFn: () => getPlantDevices(id, pageNum, pageSize),
    placeholderData: keepPreviousData,
  });

/** Refreshed by live events naming the plant; polls only while the stream is not open. */
export function usePlantDevices(id: number, pageNum: number, pageSize: number) {
  return useLiveQuery(plantDevicesQuery(id, pageNum, pageSize));
}
