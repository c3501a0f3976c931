import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { firmwareKey } from '@/api/firmware';

export const deleteFirmware = (id: number) => http.delete<null>(`/firmware/${id}`);

export function useDeleteFirmware() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteFirmware, onSuccess: () => qc.invalidateQueries({ queryKey: firmwareKey }) });
}
