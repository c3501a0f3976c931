import type { FirmwareRow, Page } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getFirmware = (deviceType?: string) =>
  http.get<Page<FirmwareRow>>('/firmware', { query: { pageSize: 200, deviceType } });

export const firmwareQuery = (deviceType?: string) =>
  queryOptions({ queryKey: ['firmware', deviceType], queryFn: () => getFirmware(deviceType) });

export const useFirmware = (deviceType: string | undefined, enabled: boolean) =>
  useQuery({ ...firmwareQuery(deviceType), enabled });
