import type { IndustryBody, IndustryRow } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { industryKeys } from './keys';

/** Creates (no id) or updates an industry. */
export const saveIndustry = ({ id, ...body }: IndustryBody & { id?: number }) =>
  id ? http.put<IndustryRow>(`/industries/${id}`, body) : http.post<IndustryRow>('/industries', body);

export function useSaveIndustry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveIndustry,
    onSuccess: () => qc.invalidateQueries({ queryKey: industryKeys.all }),
  });
}
