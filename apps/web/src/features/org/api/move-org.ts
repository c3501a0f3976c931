import type { OrgRow } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { orgsQuery } from '@/api/orgs';

export const moveOrg = ({ id, parentId }: { id: number; parentId: number }) =>
  http.put<OrgRow>(`/orgs/${id}/move`, { parentId });

export function useMoveOrg() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: moveOrg,
    onSuccess: () => qc.invalidateQueries({ queryKey: orgsQuery().queryKey }),
  });
}
