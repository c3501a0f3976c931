import type { NotificationPage } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { notificationsKey } from '@/api/query-keys';

/** The newest notifications of the signed-in user (the bell's panel); `unread` keeps only the unread ones. */
export const getNotifications = (pageSize: number, unread: boolean) =>
  http.get<NotificationPage>('/notifications', {
    query: { pageNum: 1, pageSize, unread: unread || undefined },
    silent: true,
  });

export const notificationsQuery = (pageSize: number, unread: boolean) =>
  queryOptions({
    queryKey: [...notificationsKey, 'list', pageSize, unread],
    queryFn: () => getNotifications(pageSize, unread),
    placeholderData: keepPreviousData,
  });

export const useNotifications = (pageSize: number, unread: boolean, enabled: boolean) =>
  useQuery({ ...notificationsQuery(pageSize, unread), enabled });
