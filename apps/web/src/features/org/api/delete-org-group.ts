import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const deleteOrgGroup = (id: number) => http.delete<null>(`/orgGroups/${id}`);

export function useDeleteOrgGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteOrgGroup,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['orgGroups'] }),
        qc.invalidateQueries({ queryKey: ['orgGroupOptions'] }),
      ]),
  });
}
