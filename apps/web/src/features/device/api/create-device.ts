import type { DeviceCreateBody } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export interface DeviceKey {
  id: number;
  sn: string;
  deviceKey: string;
}

export const createDevice = (body: DeviceCreateBody) => http.post<DeviceKey>('/devices', body);

export function useCreateDevice() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createDevice, onSuccess: () => qc.invalidateQueries({ queryKey: ['devices'] }) });
}
