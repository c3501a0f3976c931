import type { ContactMessageQuery, ContactMessageRow, Page } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getContactMessages = (query: ContactMessageQuery) =>
  http.get<Page<ContactMessageRow>>('/contact-messages', { query: { ...query } });

export const contactMessagesKey = ['contact-messages'] as const;

export const contactMessagesQuery = (query: ContactMessageQuery) =>
  queryOptions({
    queryKey: [...contactMessagesKey, query],
    queryFn: () => getContactMessages(query),
    placeholderData: keepPreviousData,
  });

export const useContactMessages = (query: ContactMessageQuery) => useQuery(contactMessagesQuery(query));
