import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export const deleteDevice = (id: number) => http.delete<null>(`/devices/${id}`);

/** Deletes the chosen devices one after the other (each with its sub devices and plant binding). */
export function useDeleteDevices() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (ids: number[]) => {
      for (const id of ids) await deleteDevice(id);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: ['devices'] }),
  });
}
