import type { ProductBody } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { productsKey } from '@/features/product/api/get-products';

export const createProduct = (body: ProductBody) => http.post<{ id: number; key: string }>('/products', body);
/** Without `capabilities` the product keeps what it declares. */
export const updateProduct = (id: number, body: ProductBody) => http.put<null>(`/products/${id}`, body);

export function useSaveProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ProductBody }) =>
      id === undefined ? createProduct(body) : updateProduct(id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: productsKey }),
  });
}
