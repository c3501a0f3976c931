import type { ResourceBody } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { resourcesQuery } from '@/features/resource/api/get-resources';

/** Creates (no id) or edits a menu or button; it takes effect on the users' next currentInfo. */
export const saveResource = (body: ResourceBody, id?: number) =>
  id ? http.put<null>(`/resources/${id}`, body) : http.post<{ id: number }>('/resources', body);

export function useSaveResource() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, id }: { body: ResourceBody; id?: number }) => saveResource(body, id),
    onSuccess: () => qc.invalidateQueries({ queryKey: resourcesQuery().queryKey }),
  });
}
