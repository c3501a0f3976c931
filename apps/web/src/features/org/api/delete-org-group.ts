import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { orgGroupsKey } from '@/features/org/api/get-org-groups';
import { orgGroupOptionsQuery } from '@/features/org/api/get-org-group-options';

export const deleteOrgGroup = (id: number) => http.delete<null>(`/orgGroups/${id}`);

export function useDeleteOrgGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteOrgGroup,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: orgGroupsKey }),
        qc.invalidateQueries({ queryKey: orgGroupOptionsQuery().queryKey }),
      ]),
  });
}
