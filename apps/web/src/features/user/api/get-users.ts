import type { Page, UserListQuery, UserRow } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getUsers = (query: UserListQuery) => http.get<Page<UserRow>>('/users', { query: { ...query } });

/** Every users query (the list, the form options) starts with this key; mutations invalidate it. */
export const usersKey = ['users'] as const;

export const usersQuery = (query: UserListQuery) =>
  queryOptions({ queryKey: [...usersKey, query], queryFn: () => getUsers(query), placeholderData: keepPreviousData });

export const useUsers = (query: UserListQuery) => useQuery(usersQuery(query));
