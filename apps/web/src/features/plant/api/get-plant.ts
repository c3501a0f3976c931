import type { PlantDetail } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { PLANT_REFRESH_MS } from './get-plants';

export const getPlant = (id: number) => http.get<PlantDetail>(`/plants/${id}`);

export const plantQuery = (id: number) => queryOptions({ queryKey: ['plants', 'detail', id], queryFn: () => getPlant(id), refetchInterval: PLANT_REFRESH_MS, enabled: id > 0 });

export const usePlant = (id: number) => useQuery(plantQuery(id));
