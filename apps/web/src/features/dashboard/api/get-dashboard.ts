import type { DashboardData } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { dashboardKey } from '@/api/query-keys';

export const getDashboard = (tz: string) => http.get<DashboardData>('/dashboard', { query: { tz } });

export const dashboardQuery = (tz: string) =>
  queryOptions({ queryKey: [...dashboardKey, tz], queryFn: () => getDashboard(tz) });

/** `enabled` false while the zone is not settled (the user's own setting on its way). */
export const useDashboard = (tz: string, enabled = true) => useQuery({ ...dashboardQuery(tz), enabled });
