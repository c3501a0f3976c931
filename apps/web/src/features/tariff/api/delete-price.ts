import type { RecomputeRow } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { tariffsKey } from '@/features/tariff/api/get-power-companies';

export const deletePrice = (id: number) => http.delete<RecomputeRow | null>(`/electricity-prices/${id}`);

export function useDeletePrice() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deletePrice, onSuccess: () => qc.invalidateQueries({ queryKey: tariffsKey }) });
}
