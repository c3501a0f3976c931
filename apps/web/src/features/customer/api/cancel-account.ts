import type { CancelConfirmBody, CancelSendBody } from '@pv/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** Step 1 of the public cancellation: mail a 6-digit code to the address. */
export const sendCancelCode = (body: CancelSendBody) => http.post<null>('/customer/cancel/code', body);
/** Step 2: the code disables the account. */
export const confirmCancel = (body: CancelConfirmBody) => http.post<null>('/customer/cancel/confirm', body);

export const useSendCancelCode = () => useMutation({ mutationFn: sendCancelCode });
export const useConfirmCancel = () => useMutation({ mutationFn: confirmCancel });
