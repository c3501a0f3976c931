import type { UserCreateBody } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { usersKey } from '@/features/user/api/get-users';

/** Answers the password once when the server generated it. */
export const createUser = (body: UserCreateBody) => http.post<{ id: number; password: string | null }>('/users', body);

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => qc.invalidateQueries({ queryKey: usersKey }) });
}
