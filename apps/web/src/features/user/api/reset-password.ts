import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** An empty password asks the server to generate one, answered once. */
export const resetPassword = (id: number, password: string) =>
  http.put<{ id: number; password: string | null }>(`/users/${id}/password`, { password });

export const useResetPassword = () =>
  useMutation({ mutationFn: ({ id, password }: { id: number; password: string }) => resetPassword(id, password) });
