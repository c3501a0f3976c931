import type { ProviderAssignBody } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { providerPlantsKey } from '@/features/provider/api/get-provider-plants';
import { providersKey } from '@/features/provider/api/get-providers';

/** Assigns (or reassigns) plants to a provider; their data moves to its scope. */
export const assignPlants = (body: ProviderAssignBody) => http.put<null>('/provider-plants/assign', body);

export function useAssignPlants() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: assignPlants,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: providerPlantsKey });
      // the providers' project counts changed
      await qc.invalidateQueries({ queryKey: providersKey });
    },
  });
}
