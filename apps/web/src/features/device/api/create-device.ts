import type { DeviceCreateBody, DeviceCreatedData } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { devicesKey } from '@/api/query-keys';

export interface DeviceKey {
  id: number;
  sn: string;
  deviceKey: string;
}

/** A sub device (parentSn) is answered without a key: it reports through its collector. */
export const createDevice = (body: DeviceCreateBody) => http.post<DeviceCreatedData>('/devices', body);

export function useCreateDevice() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createDevice, onSuccess: () => qc.invalidateQueries({ queryKey: devicesKey }) });
}
