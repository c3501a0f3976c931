import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { contentsKey } from '@/features/content/api/get-contents';

/** Soft delete: the item can be restored. */
export const deleteContent = (id: number) => http.delete<null>(`/contents/${id}`);

export function useDeleteContent() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteContent, onSuccess: () => qc.invalidateQueries({ queryKey: contentsKey }) });
}
