import type { AuditListQuery, AuditRow, Page } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getAudit = (query: AuditListQuery) => http.get<Page<AuditRow>>('/audit', { query: { ...query } });

export const auditQuery = (query: AuditListQuery) =>
  queryOptions({ queryKey: ['audit', query], queryFn: () => getAudit(query), placeholderData: keepPreviousData });

export const useAudit = (query: AuditListQuery) => useQuery(auditQuery(query));
