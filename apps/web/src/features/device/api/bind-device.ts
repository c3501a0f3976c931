import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { devicesKey } from '@/api/query-keys';

export const bindDevice = (id: number, plantId: number) => http.put<null>(`/devices/${id}/bind`, { plantId });

export function useBindDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, plantId }: { id: number; plantId: number }) => bindDevice(id, plantId),
    onSuccess: () => qc.invalidateQueries({ queryKey: devicesKey }),
  });
}
