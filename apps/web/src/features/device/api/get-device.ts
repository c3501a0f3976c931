import type { DeviceDetail } from '@pv/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { useLiveQuery } from '@/lib/live';
import { devicesKey } from '@/api/query-keys';

/** Silent: the device pages say themselves that a device is not found (or could not be read), without a toast beside it. */
export const getDevice = (id: number) => http.get<DeviceDetail>(`/devices/${id}`, { silent: true });

export const deviceQuery = (id: number) =>
  queryOptions({ queryKey: [...devicesKey, 'one', id], queryFn: () => getDevice(id), enabled: id > 0 });

/** `live`: the detail page, refreshed by the device's live events, polls while the event stream is not open; the other pages read it once. */
export const useDevice = (id: number, live = false) => useLiveQuery(deviceQuery(id), live);
