import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { usersKey } from '@/features/user/api/get-users';

export const assignRoles = (id: number, roleIds: number[]) =>
  http.put<{ roleIds: number[] }>(`/users/${id}/roles`, { roleIds });

export function useAssignRoles() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, roleIds }: { id: number; roleIds: number[] }) => assignRoles(id, roleIds),
    onSuccess: () => qc.invalidateQueries({ queryKey: usersKey }),
  });
}
