import type { OrgGroupBody, OrgGroupRow } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { orgGroupsKey } from '@/features/org/api/get-org-groups';
import { orgGroupOptionsQuery } from '@/features/org/api/get-org-group-options';

/** Creates (no id) or updates an organisation group. */
export const saveOrgGroup = ({ id, ...body }: OrgGroupBody & { id?: number }) =>
  id ? http.put<OrgGroupRow>(`/orgGroups/${id}`, body) : http.post<OrgGroupRow>('/orgGroups', body);

export function useSaveOrgGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveOrgGroup,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: orgGroupsKey }),
        qc.invalidateQueries({ queryKey: orgGroupOptionsQuery().queryKey }),
      ]),
  });
}
