import type { DeviceListQuery, DeviceRow, Page } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { devicesKey } from '@/api/query-keys';

export const getDevices = (query: DeviceListQuery) => http.get<Page<DeviceRow>>('/devices', { query: { ...query } });

export const devicesQuery = (query: DeviceListQuery) =>
  queryOptions({
    queryKey: [...devicesKey, query],
    queryFn: () => getDevices(query),
    placeholderData: keepPreviousData,
  });

export const useDevices = (query: DeviceListQuery, enabled = true) => useQuery({ ...devicesQuery(query), enabled });
