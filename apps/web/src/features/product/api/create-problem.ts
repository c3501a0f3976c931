import type { ProblemBody } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { problemsKey } from '@/features/product/api/get-problems';

export const createProblem = (body: ProblemBody) => http.post<{ id: number }>('/product-problems', body);

export function useCreateProblem() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createProblem, onSuccess: () => qc.invalidateQueries({ queryKey: problemsKey }) });
}
