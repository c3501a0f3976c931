import type { ProblemAnswerBody } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { problemsKey } from '@/features/product/api/get-problems';

export const answerProblem = (id: number, body: ProblemAnswerBody) =>
  http.post<null>(`/product-problems/${id}/answer`, body);

export function useAnswerProblem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ProblemAnswerBody }) => answerProblem(id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: problemsKey }),
  });
}
