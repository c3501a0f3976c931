import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { resourcesQuery } from '@/features/resource/api/get-resources';

export const deleteResource = (id: number) => http.delete<null>(`/resources/${id}`);

export function useDeleteResource() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteResource,
    onSuccess: () => qc.invalidateQueries({ queryKey: resourcesQuery().queryKey }),
  });
}
