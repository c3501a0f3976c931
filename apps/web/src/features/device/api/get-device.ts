import type { DeviceDetail } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export const getDevice = (id: number) => http.get<DeviceDetail>(`/devices/${id}`);

/** `refetchInterval`: the detail page's fallback while the event stream is not open (useLiveFallback); it is otherwise refreshed by the device's live events. */
export const deviceQuery = (id: number, refetchInterval: number | false = false) => queryOptions({ queryKey: ['devices', 'one', id], queryFn: () => getDevice(id), refetchInterval, enabled: id > 0 });

export const useDevice = (id: number, refetchInterval: number | false = false) => useQuery(deviceQuery(id, refetchInterval));
