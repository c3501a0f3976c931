import type { MqttConfigBody, MqttConfigUpdateBody } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { mqttConfigsKey } from '@/features/system/api/get-mqtt-configs';

export const createMqttConfig = (body: MqttConfigBody) => http.post<{ id: number }>('/mqtt-configs', body);

/** Without `userKey` the server keeps the stored key. */
export const updateMqttConfig = (id: number, body: MqttConfigUpdateBody) => http.put<null>(`/mqtt-configs/${id}`, body);

export function useSaveMqttConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; body: MqttConfigUpdateBody } | { id?: undefined; body: MqttConfigBody }) =>
      v.id === undefined ? createMqttConfig(v.body) : updateMqttConfig(v.id, v.body),
    onSuccess: () => qc.invalidateQueries({ queryKey: mqttConfigsKey }),
  });
}
