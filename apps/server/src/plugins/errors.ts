import { API_BASE, fieldNamesFor, pickLanguage, translate, type MessageKey } from '@pv/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { ApiError } from '../lib/errors.js';

/** The one way an answer is written: {code, msg, data}, HTTP status = code. */
export function sendEnvelope(reply: FastifyReply, code: number, msg: string, data: unknown = null) {
  return reply.code(code).type('application/json; charset=utf-8').send({ code, msg, data });
}

function fieldName(lang: string, path: string): string {
  const key = path.split('/').filter(Boolean).pop() ?? '';
  return fieldNamesFor(lang)[key] ?? key;
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

/** The message of a framework or plugin refusal, by status. */
const CLIENT_ERRORS: Record<number, MessageKey> = {
  401: 'error.unauthorized',
  403: 'error.forbidden',
  404: 'error.notFound',
  406: 'error.notMultipart',
  413: 'error.tooLarge',
  414: 'error.uriTooLong',
  415: 'error.unsupportedType',
  429: 'error.tooManyRequests',
};

/**
 * What the router answers before any route or hook runs (Fastify `frameworkErrors`): a path
 * parameter longer than the router allows (414) or a path that cannot be decoded (400), in the
 * envelope and the caller's language like every other answer.
 */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const lang = pickLanguage(req.headers['accept-language']);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendEnvelope(reply, 414, translate(lang, 'error.uriTooLong'));
  if (error.code === 'FST_ERR_BAD_URL') return sendEnvelope(reply, 400, translate(lang, 'error.badUrl'));
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return sendEnvelope(reply, status, translate(lang, CLIENT_ERRORS[status] ?? 'error.badRequest'));
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
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return sendEnvelope(reply, 415, translate(lang, 'error.notMultipart'));
    }
    // PostgreSQL: a number beyond its column (an id past 32 bits in a filter or a body) is bad input,
    // not a server error (SQLite takes 64-bit integers and finds no such row)
    if ((error as { code?: unknown }).code === '22003')
      return sendEnvelope(reply, 400, translate(lang, 'error.badRequest'));
    if (error instanceof SyntaxError || error.statusCode === 400)
      return sendEnvelope(reply, 400, translate(lang, 'validation.malformedJson'));
    if (error.statusCode === 429) return sendEnvelope(reply, 429, translate(lang, 'error.tooManyRequests'));
    // a refusal of the framework or a plugin (the multipart parser's 406 for a body that is not
    // multipart, a 413 of a file limit, …): a translated 4xx in the envelope, never a 500
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      req.log.info({ err: error }, 'request refused');
      return sendEnvelope(
        reply,
        status === 406 ? 415 : status,
        translate(lang, CLIENT_ERRORS[status] ?? 'error.badRequest'),
      );
    }
    // PostgreSQL restarting or out of reach: a clear refusal, and the next request may go through
    if (isDatabaseUnavailable(error)) {
      req.log.warn({ err: error.message }, 'database unavailable');
      reply.header('retry-after', '5');
      return sendEnvelope(reply, 503, translate(lang, 'error.databaseDown'));
    }
    req.log.error({ err: error }, 'request failed');
    return sendEnvelope(reply, 500, translate(lang, 'error.server'));
  });
}

export function isApiUrl(url: string) {
  return url === API_BASE || url.startsWith(`${API_BASE}/`) || url.startsWith(`${API_BASE}?`);
}
