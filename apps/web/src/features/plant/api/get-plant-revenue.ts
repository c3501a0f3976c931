import type { PlantRevenue, RevenueRange } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getPlantRevenue = (id: number, range: RevenueRange, date?: string) =>
  http.get<PlantRevenue>(`/plants/${id}/revenue`, { query: { range, ...(date && { date }) } });

export const plantRevenueQuery = (id: number, range: RevenueRange, date?: string) =>
  queryOptions({
    queryKey: ['plants', id, 'revenue', range, date ?? 'today'],
    queryFn: () => getPlantRevenue(id, range, date),
    placeholderData: keepPreviousData,
    // the revenue job runs every 30 s: today's figure follows it
    refetchInterval: date ? false : 60_000,
  });

export const usePlantRevenue = (id: number, range: RevenueRange, date?: string) =>
  useQuery(plantRevenueQuery(id, range, date));
