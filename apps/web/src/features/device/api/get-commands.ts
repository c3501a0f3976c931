import type { CommandRow, Page } from '@pv/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { useLiveQuery } from '@/lib/live';
import { devicesKey } from '@/api/query-keys';

export const getCommands = (id: number, pageNum: number, pageSize: number) =>
  http.get<Page<CommandRow>>(`/devices/${id}/commands`, { query: { pageNum, pageSize } });

/** Every command-history query starts with this key; a pushed command or OTA invalidates it. */
export const commandsKey = [...devicesKey, 'commands'] as const;

export const commandsQuery = (id: number, pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: [...commandsKey, id, pageNum, pageSize],
    queryFn: () => getCommands(id, pageNum, pageSize),
    placeholderData: keepPreviousData,
  });

/** Refreshed by the device's live events (an ack, a timeout: command-history.tsx); polls only while the stream is not open. */
export function useCommands(id: number, pageNum: number, pageSize: number) {
  return useLiveQuery(commandsQuery(id, pageNum, pageSize));
}
