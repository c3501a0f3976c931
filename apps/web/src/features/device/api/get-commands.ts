import type { CommandRow, Page } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export const getCommands = (id: number, pageNum: number, pageSize: number) => http.get<Page<CommandRow>>(`/devices/${id}/commands`, { query: { pageNum, pageSize } });

/** Refetches every 3 s while a command is still processing, so its ack shows without a reload. */
export const commandsQuery = (id: number, pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: ['devices', 'commands', id, pageNum, pageSize],
    queryFn: () => getCommands(id, pageNum, pageSize),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.rows.some((r) => r.status === 'processing') ? 3000 : false),
  });

export const useCommands = (id: number, pageNum: number, pageSize: number) => useQuery(commandsQuery(id, pageNum, pageSize));
