import type { ChartRange, PlantChart } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { PLANT_REFRESH_MS } from './get-plants';

export const getPlantChart = (id: number, range: ChartRange) => http.get<PlantChart>(`/plants/${id}/chart`, { query: { range } });

export const plantChartQuery = (id: number, range: ChartRange) =>
  queryOptions({ queryKey: ['plants', 'chart', id, range], queryFn: () => getPlantChart(id, range), placeholderData: keepPreviousData, refetchInterval: range === 'realtime' || range === '1' ? PLANT_REFRESH_MS * 4 : false, enabled: id > 0 });

export const usePlantChart = (id: number, range: ChartRange) => useQuery(plantChartQuery(id, range));
