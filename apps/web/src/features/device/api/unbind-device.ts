import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { devicesKey } from '@/api/query-keys';

export const unbindDevice = (id: number) => http.put<null>(`/devices/${id}/unbind`);

export function useUnbindDevice() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: unbindDevice, onSuccess: () => qc.invalidateQueries({ queryKey: devicesKey }) });
}
