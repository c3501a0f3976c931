import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { orgsQuery } from '@/api/orgs';

export const deleteOrg = (id: number) => http.delete<null>(`/orgs/${id}`);

export function useDeleteOrg() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteOrg,
    onSuccess: () => qc.invalidateQueries({ queryKey: orgsQuery().queryKey }),
  });
}
