import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { plantsKey } from '@/api/query-keys';

export const deletePlant = (id: number) => http.delete<{ unboundDevices: number }>(`/plants/${id}`);

export function useDeletePlant() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deletePlant, onSuccess: () => qc.invalidateQueries({ queryKey: plantsKey }) });
}
