import type { CommandRow, OtaPushBody } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { commandsKey } from '@/features/device/api/get-commands';

export const pushOta = (body: OtaPushBody) => http.post<CommandRow>('/ota', body);

export function usePushOta() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: pushOta,
    onSuccess: () => qc.invalidateQueries({ queryKey: commandsKey }),
  });
}
