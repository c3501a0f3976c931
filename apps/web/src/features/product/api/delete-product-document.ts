import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { productDocumentsKey } from '@/features/product/api/get-product-documents';

export const deleteProductDocument = (id: number) => http.delete<null>(`/product-documents/${id}`);

export function useDeleteProductDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteProductDocument,
    onSuccess: () => qc.invalidateQueries({ queryKey: productDocumentsKey }),
  });
}
