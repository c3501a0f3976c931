import { translate, type MessageKey } from '@pv/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** A success answer: the envelope every route returns, its `msg` in the caller's language. */
export interface Ok<T> {
  code: 200;
  msg: string;
  data: T;
}

declare module 'fastify' {
  interface FastifyReply {
    /** `{ code: 200, msg, data }` with `msg` the translated `key` ('success.ok' by default). */
    ok(): Ok<null>;
    ok<T>(data: T, key?: MessageKey): Ok<T>;
  }
}

export function registerReply(app: FastifyInstance) {
  app.decorateReply('ok', function ok(this: FastifyReply, data: unknown = null, key: MessageKey = 'success.ok') {
    return { code: 200, msg: translate(this.request.lang, key), data };
  });
}
