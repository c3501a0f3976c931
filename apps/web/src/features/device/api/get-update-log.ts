import type { updateLogRow } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http';

export type UpdateLogRow = z.infer<typeof updateLogRow>;

export const getUpdateLog = (id: number) => http.get<UpdateLogRow[]>(`/devices/${id}/update-log`);

export const updateLogQuery = (id: number) => queryOptions({ queryKey: ['devices', 'update-log', id], queryFn: () => getUpdateLog(id), refetchInterval: 10_000, enabled: id > 0 });

export const useUpdateLog = (id: number) => useQuery(updateLogQuery(id));
