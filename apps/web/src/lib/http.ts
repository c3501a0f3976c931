import { API_BASE, REQUEST_TIMEOUT_MS, TOAST_DURATION_MS, TOAST_EXEMPT_PATH, type Envelope } from '@pv/contract';
import { feedback } from './feedback';
import i18n from './i18n';
import { getToken, removeToken } from './token';

export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
  ) {
    super(msg);
  }
}

export type Query = Record<string, string | number | boolean | undefined | null>;
export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** The caller shows the failure itself (the route guard on currentInfo): no toast, no dialog. */
  silent?: boolean;
}

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

function headers(json: boolean): Record<string, string> {
  const h: Record<string, string> = { 'Accept-Language': i18n.language || 'en' };
  const token = getToken();
  if (token) h['X-Token'] = token;
  if (json) h['Content-Type'] = 'application/json';
  return h;
}

let logoutDialogOpen = false;

// How "Log in again" ends the session. The session store calls this client, so it registers its own
// reset here (onSessionEnd) instead of this file importing the store.
let endSession: () => void = removeToken;

export function onSessionEnd(handler: () => void) {
  endSession = handler;
}

/** A failed call as the error log keeps it (status 0: no answer). */
export interface FailedRequest {
  method: string;
  url: string;
  status: number;
  msg: string;
}
// Who records failed calls (the error-log reporter registers itself, as this client imports no store).
let failureRecorder: ((f: FailedRequest) => void) | undefined;

export function onRequestFailed(handler: (f: FailedRequest) => void) {
  failureRecorder = handler;
}

/** Tells the error log of a failed call: not the end of a session (401) nor the error log's own report. */
function recordFailure(method: string, url: string, status: number, msg: string) {
  if (status === 401 || url.includes('/client-errors')) return;
  failureRecorder?.({ method, url: url.split('?')[0]!, status, msg });
}

/** Spec §8: how each failure shows, decided once for every call. */
export function reportError(url: string, code: number, msg: string, hadToken: boolean) {
  const { message, modal } = feedback();
  if (code === 401 && hadToken) {
    if (logoutDialogOpen) return;
    logoutDialogOpen = true;
    modal.confirm({
      title: i18n.t('common.confirmLogoutTitle'),
      content: msg,
      okText: i18n.t('common.loginAgain'),
      cancelText: i18n.t('common.cancel'),
      maskClosable: false,
      onOk: () => {
        endSession();
        window.location.reload();
      },
      onCancel: () => {
        logoutDialogOpen = false;
      },
    });
    return;
  }
  if (url.includes(TOAST_EXEMPT_PATH)) return;
  message.destroy();
  void message.error({ content: msg, duration: TOAST_DURATION_MS / 1000 });
}

function reportTransport(url: string, err: Error) {
  if (url.includes('/cms/')) {
    console.error(err);
    return;
  }
  const { message } = feedback();
  message.destroy();
  const content = err.name === 'TimeoutError' ? i18n.t('common.timeout') : err.message;
  void message.error({ content, duration: TOAST_DURATION_MS / 1000 });
}

async function send(method: string, url: string, opts: RequestOptions, raw = false): Promise<Response> {
  const hadToken = !!getToken();
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: headers(opts.body !== undefined),
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal,
    });
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    const aborted = e.name === 'AbortError' && !!opts.signal?.aborted;
    if (!aborted) recordFailure(method, url, 0, e.message);
    if (!opts.silent && !aborted) reportTransport(url, e);
    throw e;
  }
  if (raw && res.ok) return res;
  if (!res.ok || !raw) {
    let body: Partial<Envelope> | undefined;
    try {
      body = (await res.clone().json()) as Partial<Envelope>;
    } catch {
      body = undefined;
    }
    const code = body?.code ?? res.status;
    if (code !== 200 || !res.ok) {
      const msg = body?.msg || res.statusText || i18n.t('error.hasError');
      recordFailure(method, url, code, msg);
      if (!opts.silent) reportError(url, code, msg, hadToken);
      throw new ApiError(code, msg);
    }
  }
  return res;
}

/**
 * In development (`npm run dev`), each successful answer is checked against the operation's answer
 * in the contract (@pv/contract/responses: the server's own schemas), and a mismatch is logged, so a
 * console page and the server cannot drift apart unseen. The production build drops this (the
 * condition is the constant `false` there, and the table is never bundled); component tests check
 * their stubs the same way (test-fetch.ts), so it stays off under `vitest` (mode `test`).
 */
function checkAnswer(method: string, url: string, body: unknown) {
  if (!import.meta.env.DEV || import.meta.env.MODE === 'test') return;
  void import('@pv/contract/responses').then(({ answerProblem }) => {
    const problem = answerProblem(method, url, body);
    if (problem) console.error(`[contract] ${problem}`, body);
  });
}

async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  return (await requestEnvelope<Envelope<T>>(method, path, opts)).data;
}

/** The whole answer, for the few (currentInfo) that carry fields beside `data`; same error policy. */
async function requestEnvelope<E extends Envelope>(
  method: string,
  path: string,
  opts: RequestOptions = {},
): Promise<E> {
  const url = buildUrl(path, opts.query);
  const res = await send(method, url, opts);
  const body = (await res.json()) as E;
  checkAnswer(method, url, body);
  return body;
}

/** The one API client (spec §7): base /photo_voltaic, 50 s timeout, Accept-Language and X-Token. */
export const http = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, body }),
  delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
  getEnvelope: <E extends Envelope>(path: string, opts?: RequestOptions) => requestEnvelope<E>('GET', path, opts),
  /** PUT answering the whole envelope: the caller shows the server's own success message (`msg`). */
  putEnvelope: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    requestEnvelope<Envelope<T>>('PUT', path, { ...opts, body }),
};

export interface UploadOptions {
  /** 0-100 as the request body goes out (fetch reports no upload progress, so this uses XHR). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** The caller shows the failure itself: no toast, no dialog. */
  silent?: boolean;
}

/**
 * Sends a multipart form with upload progress, with the same headers, timeout and error policy
 * as every other call; resolves with the envelope's data, rejects with an ApiError.
 */
export function upload<T>(path: string, form: FormData, opts: UploadOptions = {}): Promise<T> {
  const url = buildUrl(path);
  const hadToken = !!getToken();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.timeout = REQUEST_TIMEOUT_MS;
    for (const [k, v] of Object.entries(headers(false))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    const fail = (code: number, msg: string) => {
      recordFailure('POST', url, code, msg);
      if (!opts.silent) reportError(url, code, msg, hadToken);
      reject(new ApiError(code, msg));
    };
    xhr.onload = () => {
      let body: Partial<Envelope<T>> | undefined;
      try {
        body = JSON.parse(xhr.responseText) as Envelope<T>;
      } catch {
        body = undefined;
      }
      const code = body?.code ?? xhr.status;
      if (xhr.status >= 200 && xhr.status < 300 && code === 200) {
        checkAnswer('POST', url, body);
        resolve(body!.data as T);
      } else fail(code, body?.msg || xhr.statusText || i18n.t('error.hasError'));
    };
    xhr.onerror = () => fail(0, i18n.t('common.networkError'));
    xhr.ontimeout = () => fail(0, i18n.t('common.timeout'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    if (opts.signal?.aborted) return reject(new DOMException('aborted', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * Downloads a file the server streams (exports), reporting progress as the bytes arrive, and
 * saves it under the server's file name.
 */
export async function download(
  path: string,
  query: Query,
  onProgress?: (received: number, total: number | undefined) => void,
): Promise<string> {
  const res = await send('GET', buildUrl(path, query), {}, true);
  const total = Number(res.headers.get('content-length')) || undefined;
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'download';
  const reader = res.body!.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress?.(received, total);
  }
  const blob = new Blob(chunks as BlobPart[], { type: res.headers.get('content-type') ?? 'application/octet-stream' });
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return name;
}
