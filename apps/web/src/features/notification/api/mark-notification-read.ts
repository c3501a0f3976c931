import type { UnreadCount } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { notificationsKey } from '@/api/query-keys';

export const markNotificationRead = (id: number) => http.put<UnreadCount | null>(`/notifications/${id}/read`);

export function useMarkNotificationRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationsKey }),
  });
}
