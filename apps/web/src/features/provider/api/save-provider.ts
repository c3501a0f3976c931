import type { ProviderBody, ProviderRow, ProviderUpdateBody } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { providersKey } from '@/features/provider/api/get-providers';

export type SaveProvider = { id: number; body: ProviderUpdateBody } | { id?: undefined; body: ProviderBody };

/** Creates a provider (an organisation of the service-provider group below yours) or edits one. */
export const saveProvider = (v: SaveProvider) =>
  v.id ? http.put<ProviderRow>(`/providers/${v.id}`, v.body) : http.post<ProviderRow>('/providers', v.body);

export function useSaveProvider() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveProvider, onSuccess: () => qc.invalidateQueries({ queryKey: providersKey }) });
}
