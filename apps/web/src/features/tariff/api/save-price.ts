import type { PriceBody, PriceSaved } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { tariffsKey } from '@/features/tariff/api/get-power-companies';

/** Creates or edits a price; the answer names the recompute of revenue it queued (null: no plant uses the area). */
export const savePrice = (v: { id?: number; body: PriceBody }) =>
  v.id
    ? http.put<PriceSaved>(`/electricity-prices/${v.id}`, v.body)
    : http.post<PriceSaved>('/electricity-prices', v.body);

export function useSavePrice() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: savePrice, onSuccess: () => qc.invalidateQueries({ queryKey: tariffsKey }) });
}
