import type { DeviceUpdateBody } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { devicesKey } from '@/api/query-keys';

export const updateDevice = (id: number, body: DeviceUpdateBody) => http.put<null>(`/devices/${id}`, body);

export function useUpdateDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DeviceUpdateBody }) => updateDevice(id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: devicesKey }),
  });
}
