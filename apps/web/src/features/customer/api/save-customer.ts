import type { CustomerBody } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customersKey } from '@/api/customer-options';
import { http } from '@/lib/http';

export type SaveCustomer = { id?: number; body: CustomerBody };

/** Creates a customer (with a login account when `loginName` is given: its first password is mailed) or edits one. */
export const saveCustomer = ({ id, body }: SaveCustomer) =>
  id ? http.put<null>(`/customers/${id}`, body) : http.post<{ id: number }>('/customers', body);

export function useSaveCustomer() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveCustomer, onSuccess: () => qc.invalidateQueries({ queryKey: customersKey }) });
}
