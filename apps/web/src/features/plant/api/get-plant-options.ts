import type { PlantOptions } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getPlantOptions = () => http.get<PlantOptions>('/plants/options');

export const plantOptionsQuery = () =>
  queryOptions({ queryKey: ['plants', 'options'], queryFn: getPlantOptions, staleTime: 60_000 });

export const usePlantOptions = (enabled = true) => useQuery({ ...plantOptionsQuery(), enabled });
