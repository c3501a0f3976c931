import { API_BASE, LIVE_TICKET_MS } from '@pv/contract';
import { answerProblem } from '@pv/contract/responses';
import { vi } from 'vitest';

/** A request as the fake server sees it. */
export interface FakeRequest {
  method: string;
  /** As the client asked for it, e.g. '/photo_voltaic/plants?pageNum=1'. */
  url: string;
  /** Without the API prefix and the query, e.g. '/plants'. */
  path: string;
  query: URLSearchParams;
  /** The JSON body, parsed (undefined without one). */
  body: unknown;
}

class Answer {
  constructor(
    readonly body: unknown,
    readonly status: number,
  ) {}
}

/**
 * An answer other than `{ code: 200, msg: 'ok', data }`: a refusal or another message. The HTTP
 * status is the envelope's code unless given.
 */
export function respond(envelope: { code: number; msg: string; data?: unknown }, status = envelope.code): Answer {
  return new Answer(envelope, status);
}

const parse = (body: RequestInit['body']) => {
  if (typeof body !== 'string') return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
};

/** Stubbed answers that break the contract, for test-setup.ts to fail the test they came up in. */
const contractProblems: string[] = [];

/** The contract breaks of the stubs since the last call (and forgets them). */
export function takeContractProblems(): string[] {
  return contractProblems.splice(0);
}

/**
 * Stubs the global fetch with a fake API server (undone by vi.unstubAllGlobals). `route` gets each
 * request and returns the `data` of a `{ code: 200, msg: 'ok' }` envelope (undefined: null) or a
 * `respond(...)`. The returned mock records the calls as fetch received them: `(url, init)`.
 * Event-stream tickets (POST /events/ticket) are handed out by the fake server itself, `ticket-1`,
 * `ticket-2`, … unless `route` answers them (the stream is a stand-in, test-event-source.ts).
 * Every successful answer the route gives is checked against the operation's answer in the contract
 * (@pv/contract/responses, the server's own schemas): a stub that breaks it, or answers an
 * operation the server does not have, fails the test (test-setup.ts), so stubs cannot drift from
 * what the server sends.
 */
export function mockFetch(route: (req: FakeRequest) => unknown = () => null) {
  let tickets = 0;
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const parsed = new URL(url, 'http://console.test');
    const path = parsed.pathname.startsWith(API_BASE) ? parsed.pathname.slice(API_BASE.length) : parsed.pathname;
    let out = await route({ method, url, path, query: parsed.searchParams, body: parse(init?.body) });
    if (out == null && method === 'POST' && path === '/events/ticket')
      out = { ticket: `ticket-${++tickets}`, expiresAt: Date.now() + LIVE_TICKET_MS };
    const answer = out instanceof Answer ? out : new Answer({ code: 200, msg: 'ok', data: out ?? null }, 200);
    // an answer the test gave (a stub that answers nothing, `data: null`, claims no shape)
    if (out != null && answer.status === 200 && (answer.body as { code?: unknown } | null)?.code === 200) {
      const problem = answerProblem(method, url, answer.body);
      if (problem) contractProblems.push(problem);
    }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
