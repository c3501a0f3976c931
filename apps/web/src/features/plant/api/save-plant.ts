import type { PlantBody } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { plantsKey } from '@/api/query-keys';

export const createPlant = (body: PlantBody) => http.post<{ id: number }>('/plants', body);
export const updatePlant = (id: number, body: PlantBody) => http.put<null>(`/plants/${id}`, body);

/** Creates (no id) or edits a plant; every plant query is refreshed after. */
export function useSavePlant() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: PlantBody }) => (id ? updatePlant(id, body) : createPlant(body)),
    onSuccess: () => qc.invalidateQueries({ queryKey: plantsKey }),
  });
}
