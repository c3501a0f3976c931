import { API_BASE, fieldNamesEn, fieldNamesZh, translate, type MessageKey } from '@pv/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError } from '../lib/errors.js';

/** The one way an answer is written: {code, msg, data}, HTTP status = code. */
export function sendEnvelope(reply: FastifyReply, code: number, msg: string, data: unknown = null) {
  return reply.code(code).type('application/json; charset=utf-8').send({ code, msg, data });
}

function fieldName(lang: string, path: string): string {
  const key = path.split('/').filter(Boolean).pop() ?? '';
  const names = lang === 'zh' ? fieldNamesZh : fieldNamesEn;
  return names[key] ?? key;
}

const GENERIC: Record<string, MessageKey> = {
  invalid_type: 'validation.invalidType',
  too_small: 'validation.tooShort',
  too_big: 'validation.tooLong',
};

/** The first problem of a zod validation failure as one translated sentence naming the field. */
function validationMessage(lang: string, error: FastifyError): string {
  const issue = error.validation?.[0] as
    | { instancePath?: string; keyword?: string; message?: string; params?: { input?: unknown; origin?: string } }
    | undefined;
  const field = fieldName(lang, issue?.instancePath ?? '');
  if (!issue) return translate(lang, 'error.badRequest');
  if (issue.message?.startsWith('validation.'))
    return translate(lang, 'validation.field', { field, message: translate(lang, issue.message) });
  if (issue.keyword === 'invalid_type' && issue.params?.input === undefined)
    return translate(lang, 'validation.required', { field });
  const key = GENERIC[issue.keyword ?? ''] ?? 'validation.invalid';
  const numeric = issue.params?.origin === 'number';
  const finalKey =
    numeric && key === 'validation.tooShort'
      ? 'validation.tooSmall'
      : numeric && key === 'validation.tooLong'
        ? 'validation.tooBig'
        : key;
  return translate(lang, finalKey, { field });
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const lang = req.lang ?? 'en';
    if (error instanceof ApiError) return sendEnvelope(reply, error.code, translate(lang, error.key, error.values));
    if (hasZodFastifySchemaValidationErrors(error)) return sendEnvelope(reply, 400, validationMessage(lang, error));
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendEnvelope(reply, 400, translate(lang, 'validation.malformedJson'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendEnvelope(reply, 413, translate(lang, 'error.tooLarge'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendEnvelope(reply, 415, translate(lang, 'error.unsupportedType'));
    }
    if (error instanceof SyntaxError || error.statusCode === 400)
      return sendEnvelope(reply, 400, translate(lang, 'validation.malformedJson'));
    if (error.statusCode === 429) return sendEnvelope(reply, 429, translate(lang, 'error.tooManyRequests'));
    req.log.error({ err: error }, 'request failed');
    return sendEnvelope(reply, 500, translate(lang, 'error.server'));
  });
}

export function isApiUrl(url: string) {
  return url === API_BASE || url.startsWith(`${API_BASE}/`) || url.startsWith(`${API_BASE}?`);
}
