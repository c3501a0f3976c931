import type { CancelConfirmBody, CancelSendBody } from '@pv/contract';
import { http } from '@/lib/http';

// The public cancellation page lives outside the console's providers (no query client): plain calls.

/** Step 1 of the public cancellation: mail a 6-digit code to the address. */
export const sendCancelCode = (body: CancelSendBody) => http.post<null>('/customer/cancel/code', body);
/** Step 2: the code disables the account. */
export const confirmCancel = (body: CancelConfirmBody) => http.post<null>('/customer/cancel/confirm', body);
