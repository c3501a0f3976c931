import type { UnreadCount } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { notificationsKey } from '@/api/query-keys';

export const markAllNotificationsRead = () => http.put<UnreadCount | null>('/notifications/read-all');

export function useMarkAllNotificationsRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationsKey }),
  });
}
