import type { NotificationPrefsData } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getNotificationPrefs = () => http.get<NotificationPrefsData>('/profile/notification-prefs');

export const notificationPrefsQuery = () =>
  queryOptions({ queryKey: ['profile', 'notification-prefs'], queryFn: getNotificationPrefs });

export const useNotificationPrefs = () => useQuery(notificationPrefsQuery());
