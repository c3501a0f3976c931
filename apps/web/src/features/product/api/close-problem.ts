import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { problemsKey } from '@/features/product/api/get-problems';

export const closeProblem = (id: number) => http.post<null>(`/product-problems/${id}/close`);

export function useCloseProblem() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: closeProblem, onSuccess: () => qc.invalidateQueries({ queryKey: problemsKey }) });
}
