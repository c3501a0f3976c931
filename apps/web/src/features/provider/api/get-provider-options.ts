import type { ProviderOption } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { providersKey } from '@/features/provider/api/get-providers';

export const getProviderOptions = () => http.get<ProviderOption[]>('/providers/options');

export const providerOptionsQuery = () =>
  queryOptions({ queryKey: [...providersKey, 'options'], queryFn: getProviderOptions });

export const useProviderOptions = () => useQuery(providerOptionsQuery());
