import type { RevenueFigures } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { dashboardKey } from '@/api/query-keys';

export const getFleetRevenue = () => http.get<RevenueFigures[]>('/revenue/fleet');

/** The fleet's revenue, one entry per currency; under the dashboard's key so live events refresh it. */
export const fleetRevenueQuery = () =>
  queryOptions({ queryKey: [...dashboardKey, 'revenue'], queryFn: getFleetRevenue, refetchInterval: 60_000 });

export const useFleetRevenue = () => useQuery(fleetRevenueQuery());
