import type { DeviceType, FirmwareRow, Page } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export interface FirmwareQuery {
  pageNum: number;
  pageSize: number;
  deviceType?: DeviceType;
}

export const getFirmware = (query: Partial<FirmwareQuery>) =>
  http.get<Page<FirmwareRow>>('/firmware', { query: { ...query } });

/** Every firmware query starts with this key: an upload or a delete invalidates it. */
export const firmwareKey = ['firmware'] as const;

/** A page of the firmware list (the previous page stays on screen while the next loads). */
export const firmwareQuery = (query: FirmwareQuery) =>
  queryOptions({
    queryKey: [...firmwareKey, query],
    queryFn: () => getFirmware(query),
    placeholderData: keepPreviousData,
  });

export const useFirmware = (query: FirmwareQuery) => useQuery(firmwareQuery(query));

/** The firmware a device of `deviceType` can be sent (no placeholder: another type's files must not show). */
export const firmwareOptionsQuery = (deviceType?: DeviceType) =>
  queryOptions({
    queryKey: [...firmwareKey, 'options', deviceType],
    queryFn: () => getFirmware({ pageSize: 200, deviceType }),
  });

export const useFirmwareOptions = (deviceType: DeviceType | undefined, enabled: boolean) =>
  useQuery({ ...firmwareOptionsQuery(deviceType), enabled });
