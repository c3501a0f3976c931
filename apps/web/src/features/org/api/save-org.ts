import type { OrgBody, OrgRow, OrgUpdateBody } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { orgsQuery } from '@/api/orgs';

export type SaveOrg = { id: number; body: OrgUpdateBody } | { id?: undefined; body: OrgBody };

/** Creates an organisation under its parent, or edits one (the parent changes through move). */
export const saveOrg = (v: SaveOrg) =>
  v.id ? http.put<OrgRow>(`/orgs/${v.id}`, v.body) : http.post<OrgRow>('/orgs', v.body);

export function useSaveOrg() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveOrg,
    onSuccess: () => qc.invalidateQueries({ queryKey: orgsQuery().queryKey }),
  });
}
