import type { RoleGrants } from '@pv/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { rolesKey } from '@/features/role/api/get-roles';

/** The resource tree, what the role holds and which nodes you may toggle. */
export const roleGrantsQuery = (id: number | undefined) =>
  queryOptions({
    queryKey: [...rolesKey, id, 'resources'],
    queryFn: () => http.get<RoleGrants>(`/roles/${id}/resources`),
    enabled: id !== undefined,
  });

export const useRoleGrants = (id: number | undefined) => useQuery(roleGrantsQuery(id));

export const grantResources = (id: number, resourceIds: number[]) =>
  http.put<{ granted: number[] }>(`/roles/${id}/resources`, { resourceIds });

export function useGrantResources() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, resourceIds }: { id: number; resourceIds: number[] }) => grantResources(id, resourceIds),
    onSuccess: (_d, v) => qc.invalidateQueries({ queryKey: roleGrantsQuery(v.id).queryKey }),
  });
}
