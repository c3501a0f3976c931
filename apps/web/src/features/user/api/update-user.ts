import type { UserRow, UserUpdateBody } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { usersKey } from '@/features/user/api/get-users';

export const updateUser = (id: number, body: UserUpdateBody) => http.put<UserRow>(`/users/${id}`, body);

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UserUpdateBody }) => updateUser(id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: usersKey }),
  });
}
