import type { MailDetail } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getMail = (id: number) => http.get<MailDetail>(`/mail/outbox/${id}`);

export const mailQuery = (id: number) =>
  queryOptions({ queryKey: ['mail-outbox', 'detail', id], queryFn: () => getMail(id) });

export const useMail = (id: number | null) => useQuery({ ...mailQuery(id ?? 0), enabled: !!id });
