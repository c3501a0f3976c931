import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { tariffsKey } from '@/features/tariff/api/get-power-companies';

/** Refused (409, with the reason) while a plant uses one of the company's tariffs. */
export const deletePowerCompany = (id: number) => http.delete<null>(`/power-companies/${id}`);

export function useDeletePowerCompany() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deletePowerCompany,
    onSuccess: () => qc.invalidateQueries({ queryKey: tariffsKey }),
  });
}
