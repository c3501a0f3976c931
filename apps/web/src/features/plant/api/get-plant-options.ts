import type { PlantOptions } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { plantsKey } from '@/api/query-keys';

export const getPlantOptions = () => http.get<PlantOptions>('/plants/options');

export const plantOptionsQuery = () =>
  queryOptions({ queryKey: [...plantsKey, 'options'], queryFn: getPlantOptions, staleTime: 60_000 });

export const usePlantOptions = (enabled = true) => useQuery({ ...plantOptionsQuery(), enabled });
