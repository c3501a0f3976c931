import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customersKey } from '@/api/customer-options';
import { http } from '@/lib/http';

/** Refused (409, with the reason shown) while the customer owns plants. */
export const deleteCustomer = (id: number) => http.delete<null>(`/customers/${id}`);

export function useDeleteCustomer() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteCustomer, onSuccess: () => qc.invalidateQueries({ queryKey: customersKey }) });
}
