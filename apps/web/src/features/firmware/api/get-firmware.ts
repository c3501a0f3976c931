import type { DeviceType, FirmwareRow, Page } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export interface FirmwareQuery {
  pageNum: number;
  pageSize: number;
  deviceType?: DeviceType;
}

export const getFirmware = (query: FirmwareQuery) => http.get<Page<FirmwareRow>>('/firmware', { query: { ...query } });

export const firmwareQuery = (query: FirmwareQuery) =>
  queryOptions({ queryKey: ['firmware', query], queryFn: () => getFirmware(query), placeholderData: keepPreviousData });

export const useFirmware = (query: FirmwareQuery) => useQuery(firmwareQuery(query));
