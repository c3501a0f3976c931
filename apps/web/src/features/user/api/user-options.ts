import type { UserOptions } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { usersKey } from '@/features/user/api/get-users';

/** Organisations of your scope and the roles you may assign (the user form's choices). */
export const userOptionsQuery = () =>
  queryOptions({ queryKey: [...usersKey, 'options'], queryFn: () => http.get<UserOptions>('/users/options') });

export const useUserOptions = (enabled = true) => useQuery({ ...userOptionsQuery(), enabled });
