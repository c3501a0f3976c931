import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { rolesKey } from '@/features/role/api/get-roles';

export const deleteRole = (id: number) => http.delete<null>(`/roles/${id}`);

export function useDeleteRole() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteRole, onSuccess: () => qc.invalidateQueries({ queryKey: rolesKey }) });
}
