import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { grantsQuery } from '@/features/plant/api/get-grants';

export const deleteGrant = (plantId: number, grantId: number) =>
  http.delete<null>(`/plants/${plantId}/grants/${grantId}`);

export function useDeleteGrant(plantId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (grantId: number) => deleteGrant(plantId, grantId),
    onSuccess: () => qc.invalidateQueries({ queryKey: grantsQuery(plantId).queryKey }),
  });
}
