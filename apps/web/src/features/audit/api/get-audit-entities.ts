import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getAuditEntities = () => http.get<string[]>('/audit/entities');

export const auditEntitiesQuery = () =>
  queryOptions({ queryKey: ['audit', 'entities'], queryFn: getAuditEntities, staleTime: 30_000 });

export const useAuditEntities = () => useQuery(auditEntitiesQuery());
