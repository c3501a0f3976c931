import type { NotificationPrefs, NotificationPrefsData } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { notificationPrefsQuery } from '@/features/user-center/api/get-notification-prefs';

export const saveNotificationPrefs = (body: NotificationPrefs) =>
  http.put<NotificationPrefsData | null>('/profile/notification-prefs', body);

export function useSaveNotificationPrefs() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPrefs,
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationPrefsQuery().queryKey }),
  });
}
