import type { ContactMessageBody } from '@pv/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const sendContactMessage = (body: ContactMessageBody) =>
  http.post<{ id: number }>('/cms/contact-messages', body);

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
