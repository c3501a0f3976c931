import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';
import type { DeviceKey } from './create-device';

export const rotateDeviceKey = (id: number) => http.post<DeviceKey>(`/devices/${id}/key`);

export const useRotateDeviceKey = () => useMutation({ mutationFn: rotateDeviceKey });
