import type { CommandRow, PushCommandBody } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { commandsKey } from '@/features/device/api/get-commands';

export const pushCommand = (id: number, body: PushCommandBody) =>
  http.post<CommandRow>(`/devices/${id}/commands`, body);

export function usePushCommand() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PushCommandBody }) => pushCommand(id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: commandsKey }),
  });
}
