import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { mqttConfigsKey } from '@/features/system/api/get-mqtt-configs';

export const deleteMqttConfig = (id: number) => http.delete<null>(`/mqtt-configs/${id}`);

export function useDeleteMqttConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteMqttConfig,
    onSuccess: () => qc.invalidateQueries({ queryKey: mqttConfigsKey }),
  });
}
