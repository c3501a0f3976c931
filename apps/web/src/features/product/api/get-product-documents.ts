import type { ProductDocumentRow } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getProductDocuments = (productId: number) =>
  http.get<ProductDocumentRow[]>(`/products/${productId}/documents`);

export const productDocumentsKey = ['product-documents'] as const;

export const productDocumentsQuery = (productId: number) =>
  queryOptions({ queryKey: [...productDocumentsKey, productId], queryFn: () => getProductDocuments(productId) });

export const useProductDocuments = (productId: number) => useQuery(productDocumentsQuery(productId));
