import type { RoleBody, RoleRow } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { rolesKey } from '@/features/role/api/get-roles';

/** Creates (no id) or edits a role. */
export const saveRole = (body: RoleBody, id?: number) =>
  id ? http.put<RoleRow>(`/roles/${id}`, body) : http.post<RoleRow>('/roles', body);

export function useSaveRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, id }: { body: RoleBody; id?: number }) => saveRole(body, id),
    onSuccess: () => qc.invalidateQueries({ queryKey: rolesKey }),
  });
}
