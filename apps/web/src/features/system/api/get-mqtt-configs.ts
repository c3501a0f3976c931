import type { MqttConfigQuery, MqttConfigRow, Page } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getMqttConfigs = (query: MqttConfigQuery) =>
  http.get<Page<MqttConfigRow>>('/mqtt-configs', { query: { ...query } });

export const mqttConfigsQuery = (query: MqttConfigQuery) =>
  queryOptions({
    queryKey: ['mqtt-configs', query],
    queryFn: () => getMqttConfigs(query),
    placeholderData: keepPreviousData,
  });

export const useMqttConfigs = (query: MqttConfigQuery) => useQuery(mqttConfigsQuery(query));
