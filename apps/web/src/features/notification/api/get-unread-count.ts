import type { UnreadCount } from '@pv/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { useLiveQuery } from '@/lib/live';
import { notificationsKey } from '@/api/query-keys';

/** The bell's badge. Silent: a failure here must not toast on every page. */
export const getUnreadCount = () => http.get<UnreadCount>('/notifications/unread-count', { silent: true });

export const unreadCountQuery = () =>
  queryOptions({ queryKey: [...notificationsKey, 'unread'], queryFn: getUnreadCount, retry: false });

/** Kept current by the `notifications` live event; polls only while the event stream is not open. */
export const useUnreadCount = () => useLiveQuery(unreadCountQuery());
