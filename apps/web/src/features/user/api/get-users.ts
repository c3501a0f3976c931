import type { Page, UserListQuery, UserRow } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getUsers = (query: UserListQuery) => http.get<Page<UserRow>>('/users', { query: { ...query } });

export const usersQuery = (query: UserListQuery) =>
  queryOptions({ queryKey: ['users', query], queryFn: () => getUsers(query), placeholderData: keepPreviousData });

export const useUsers = (query: UserListQuery) => useQuery(usersQuery(query));
