import type { DeviceCapabilities } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { devicesKey } from '@/api/query-keys';

export const getCapabilities = (id: number) => http.get<DeviceCapabilities>(`/devices/${id}/capabilities`);

/** What a device accepts and what the signed-in user may send it; a device edit (its product) reads it again with every device query. */
export const capabilitiesQuery = (id: number) =>
  queryOptions({
    queryKey: [...devicesKey, 'capabilities', id],
    queryFn: () => getCapabilities(id),
    enabled: id > 0,
    staleTime: 60_000,
  });

export const useCapabilities = (id: number) => useQuery(capabilitiesQuery(id));
