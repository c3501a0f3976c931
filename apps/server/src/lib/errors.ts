import type { MessageKey } from '@pv/contract';

/** An answer other than 200: the HTTP status and the envelope `code`, with a translatable message. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly key: MessageKey,
    readonly values: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

export const badRequest = (key: MessageKey, values?: Record<string, string | number>) => new ApiError(400, key, values);
export const unauthorized = (key: MessageKey = 'error.unauthorized') => new ApiError(401, key);
export const forbidden = () => new ApiError(403, 'error.forbidden');
export const notFound = () => new ApiError(404, 'error.notFound');
