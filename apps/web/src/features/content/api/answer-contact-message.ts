import type { ContactAnswerBody } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { contactMessagesKey } from '@/features/content/api/get-contact-messages';

/** Keeps the answer and mails it to the sender. */
export const answerContactMessage = (id: number, body: ContactAnswerBody) =>
  http.post<null>(`/contact-messages/${id}/answer`, body);

export function useAnswerContactMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ContactAnswerBody }) => answerContactMessage(id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: contactMessagesKey }),
  });
}
