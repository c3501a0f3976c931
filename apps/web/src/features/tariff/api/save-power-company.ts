import type { PowerCompanyBody, PowerCompanyRow } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { tariffsKey } from '@/features/tariff/api/get-power-companies';

export const savePowerCompany = (v: { id?: number; body: PowerCompanyBody }) =>
  v.id
    ? http.put<PowerCompanyRow>(`/power-companies/${v.id}`, v.body)
    : http.post<PowerCompanyRow>('/power-companies', v.body);

export function useSavePowerCompany() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: savePowerCompany, onSuccess: () => qc.invalidateQueries({ queryKey: tariffsKey }) });
}
