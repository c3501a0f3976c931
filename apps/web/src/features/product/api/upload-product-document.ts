import type { DocumentType, ProductDocumentRow } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upload } from '@/lib/http';
import { productDocumentsKey } from '@/features/product/api/get-product-documents';

export const uploadProductDocument = (
  productId: number,
  type: DocumentType,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return upload<ProductDocumentRow>(`/products/${productId}/documents/${type}`, form, { onProgress, signal });
};

export function useUploadProductDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: {
      productId: number;
      type: DocumentType;
      file: File;
      onProgress: (p: number) => void;
      signal?: AbortSignal;
    }) => uploadProductDocument(v.productId, v.type, v.file, v.onProgress, v.signal),
    onSuccess: () => qc.invalidateQueries({ queryKey: productDocumentsKey }),
  });
}
