import type { ChartRange, PlantChart } from '@pv/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { useLiveQuery } from '@/lib/live';
import { plantsKey } from '@/api/query-keys';

/** The ranges whose chart still grows today (the others change with the day). */
export const isLiveRange = (range: ChartRange) => range === 'realtime' || range === '1';

export const getPlantChart = (id: number, range: ChartRange) =>
  http.get<PlantChart>(`/plants/${id}/chart`, { query: { range } });

export const plantChartQuery = (id: number, range: ChartRange) =>
  queryOptions({
    queryKey: [...plantsKey, 'chart', id, range],
    queryFn: () => getPlantChart(id, range),
    placeholderData: keepPreviousData,
    enabled: id > 0,
  });

/** Today's ranges are refreshed by live events naming the plant (production-chart.tsx); they poll only while the stream is not open. */
export function usePlantChart(id: number, range: ChartRange) {
  return useLiveQuery(plantChartQuery(id, range), isLiveRange(range));
}
