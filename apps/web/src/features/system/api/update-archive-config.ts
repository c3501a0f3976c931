import type { ArchiveConfigBody } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { archiveConfigQuery } from '@/features/system/api/get-archive-config';

export const updateArchiveConfig = (body: ArchiveConfigBody) => http.put<null>('/archive-config', body);

export function useUpdateArchiveConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateArchiveConfig,
    onSuccess: () => qc.invalidateQueries({ queryKey: archiveConfigQuery().queryKey }),
  });
}
