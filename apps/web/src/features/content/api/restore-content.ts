import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { contentsKey } from '@/features/content/api/get-contents';

/** Brings a deleted item back as a draft. */
export const restoreContent = (id: number) => http.post<null>(`/contents/${id}/restore`);

export function useRestoreContent() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: restoreContent, onSuccess: () => qc.invalidateQueries({ queryKey: contentsKey }) });
}
