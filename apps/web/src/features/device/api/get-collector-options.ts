import type { DeviceRow, Page } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { devicesKey } from '@/api/query-keys';

/** Collectors a device may report through: the caller's scope only (the server filters), searched by SN. */
export const getCollectorOptions = (sn: string) =>
  http.get<Page<DeviceRow>>('/devices', {
    query: { pageNum: 1, pageSize: 20, type: 'collector', sn: sn || undefined },
  });

export const collectorOptionsQuery = (sn: string) =>
  queryOptions({
    queryKey: [...devicesKey, 'collector-options', sn],
    queryFn: () => getCollectorOptions(sn),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useCollectorOptions = (sn: string, enabled = true) => useQuery({ ...collectorOptionsQuery(sn), enabled });
