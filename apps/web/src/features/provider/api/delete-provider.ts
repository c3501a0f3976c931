import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { providersKey } from '@/features/provider/api/get-providers';

/** Refused (409, with the reason) while the provider still serves plants. */
export const deleteProvider = (id: number) => http.delete<null>(`/providers/${id}`);

export function useDeleteProvider() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteProvider, onSuccess: () => qc.invalidateQueries({ queryKey: providersKey }) });
}
