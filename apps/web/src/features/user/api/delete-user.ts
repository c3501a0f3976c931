import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { usersKey } from '@/features/user/api/get-users';

export const deleteUser = (id: number) => http.delete<null>(`/users/${id}`);

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteUser, onSuccess: () => qc.invalidateQueries({ queryKey: usersKey }) });
}
