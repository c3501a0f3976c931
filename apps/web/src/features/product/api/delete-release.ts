import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { releasesKey } from '@/features/product/api/get-releases';

export const deleteRelease = (id: number) => http.delete<null>(`/product-releases/${id}`);

export function useDeleteRelease() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteRelease, onSuccess: () => qc.invalidateQueries({ queryKey: releasesKey }) });
}
