import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { devicesKey } from '@/api/query-keys';

export const getDevicePoints = (id: number) => http.get<{ points: string[] }>(`/devices/${id}/points`);

export const devicePointsQuery = (id: number) =>
  queryOptions({ queryKey: [...devicesKey, 'points', id], queryFn: () => getDevicePoints(id), enabled: id > 0 });

export const useDevicePoints = (id: number) => useQuery(devicePointsQuery(id));
