import type { ReleaseBody, ReleaseRow } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { releasesKey } from '@/features/product/api/get-releases';

export const createRelease = (productId: number, body: ReleaseBody) =>
  http.post<ReleaseRow>(`/products/${productId}/releases`, body);

export function useCreateRelease() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, body }: { productId: number; body: ReleaseBody }) => createRelease(productId, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: releasesKey }),
  });
}
