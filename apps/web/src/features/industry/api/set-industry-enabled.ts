import type { IndustryRow } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { industryKeys } from './keys';

export const setIndustryEnabled = ({ id, enabled }: { id: number; enabled: boolean }) =>
  http.put<IndustryRow>(`/industries/${id}/enabled`, { enabled });

export function useSetIndustryEnabled() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setIndustryEnabled,
    onSuccess: () => qc.invalidateQueries({ queryKey: industryKeys.all }),
  });
}
