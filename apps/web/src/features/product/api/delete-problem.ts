import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { problemsKey } from '@/features/product/api/get-problems';

export const deleteProblem = (id: number) => http.delete<null>(`/product-problems/${id}`);

export function useDeleteProblem() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteProblem, onSuccess: () => qc.invalidateQueries({ queryKey: problemsKey }) });
}
