import type { Page, PlantDeviceRow } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { PLANT_REFRESH_MS } from './get-plants';

export const getPlantDevices = (id: number, pageNum: number, pageSize: number) => http.get<Page<PlantDeviceRow>>(`/plants/${id}/devices`, { query: { pageNum, pageSize } });

export const plantDevicesQuery = (id: number, pageNum: number, pageSize: number) =>
  queryOptions({ queryKey: ['plants', 'devices', id, pageNum, pageSize], queryFn: () => getPlantDevices(id, pageNum, pageSize), placeholderData: keepPreviousData, refetchInterval: PLANT_REFRESH_MS });

export const usePlantDevices = (id: number, pageNum: number, pageSize: number) => useQuery(plantDevicesQuery(id, pageNum, pageSize));
