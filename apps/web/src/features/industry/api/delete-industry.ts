import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { industryKeys } from './keys';

export const deleteIndustry = (id: number) => http.delete<null>(`/industries/${id}`);

export function useDeleteIndustry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteIndustry,
    onSuccess: () => qc.invalidateQueries({ queryKey: industryKeys.all }),
  });
}
