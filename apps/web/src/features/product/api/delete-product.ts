import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { productsKey } from '@/features/product/api/get-products';

export const deleteProduct = (id: number) => http.delete<null>(`/products/${id}`);

export function useDeleteProduct() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteProduct, onSuccess: () => qc.invalidateQueries({ queryKey: productsKey }) });
}
