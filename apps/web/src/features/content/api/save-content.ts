import type { ContentBody } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { contentsKey } from '@/features/content/api/get-contents';

export const createContent = (body: ContentBody) => http.post<{ id: number }>('/contents', body);
export const updateContent = (id: number, body: ContentBody) => http.put<null>(`/contents/${id}`, body);

/** Create (no id) or edit; publishing and unpublishing are an edit of the status. */
export function useSaveContent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ContentBody }) =>
      id === undefined ? createContent(body) : updateContent(id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: contentsKey }),
  });
}
