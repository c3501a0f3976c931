import type { updateLogRow } from '@pv/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';
import { useLiveQuery } from '@/lib/live';
import { devicesKey } from '@/api/query-keys';

export type UpdateLogRow = z.infer<typeof updateLogRow>;

export const getUpdateLog = (id: number) => http.get<UpdateLogRow[]>(`/devices/${id}/update-log`);

export const updateLogQuery = (id: number) =>
  queryOptions({ queryKey: [...devicesKey, 'update-log', id], queryFn: () => getUpdateLog(id), enabled: id > 0 });

/** Refreshed by the device's live events (OTA progress: the update log page); polls only while the stream is not open. */
export function useUpdateLog(id: number) {
  return useLiveQuery(updateLogQuery(id));
}
