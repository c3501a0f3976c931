import type { FaultRow, Page } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { PLANT_REFRESH_MS } from './get-plants';

export const getPlantFaults = (id: number, pageNum: number, pageSize: number) => http.get<Page<FaultRow>>(`/plants/${id}/faults`, { query: { pageNum, pageSize } });

export const plantFaultsQuery = (id: number, pageNum: number, pageSize: number) =>
  queryOptions({ queryKey: ['plants', 'faults', id, pageNum, pageSize], queryFn: () => getPlantFaults(id, pageNum, pageSize), placeholderData: keepPreviousData, refetchInterval: PLANT_REFRESH_MS });

export const usePlantFaults = (id: number, pageNum: number, pageSize: number) => useQuery(plantFaultsQuery(id, pageNum, pageSize));
