import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { usersKey } from '@/features/user/api/get-users';

export const updateUserState = (id: number, state: 'enabled' | 'disabled') =>
  http.put<null>(`/users/${id}/state`, { state });

export function useUpdateUserState() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, state }: { id: number; state: 'enabled' | 'disabled' }) => updateUserState(id, state),
    onSuccess: () => qc.invalidateQueries({ queryKey: usersKey }),
  });
}
