import type { MqttConfigQuery, MqttConfigRow, Page } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getMqttConfigs = (query: MqttConfigQuery) =>
  http.get<Page<MqttConfigRow>>('/mqtt-configs', { query: { ...query } });

/** Every MQTT configuration list query starts with this key; mutations invalidate it. */
export const mqttConfigsKey = ['mqtt-configs'] as const;

export const mqttConfigsQuery = (query: MqttConfigQuery) =>
  queryOptions({
    queryKey: [...mqttConfigsKey, query],
    queryFn: () => getMqttConfigs(query),
    placeholderData: keepPreviousData,
  });

export const useMqttConfigs = (query: MqttConfigQuery) => useQuery(mqttConfigsQuery(query));
