import type { MailOutboxQuery, MailRow, Page } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getMailOutbox = (query: MailOutboxQuery) =>
  http.get<Page<MailRow>>('/mail/outbox', { query: { ...query } });

export const mailOutboxQuery = (query: MailOutboxQuery) =>
  queryOptions({
    queryKey: ['mail-outbox', 'list', query],
    queryFn: () => getMailOutbox(query),
    placeholderData: keepPreviousData,
    // a queued mail is tried again in the background: its status and attempts change by themselves
    refetchInterval: 30_000,
  });

export const useMailOutbox = (query: MailOutboxQuery) => useQuery(mailOutboxQuery(query));
