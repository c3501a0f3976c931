import { request, type IncomingMessage } from 'node:http';

export interface SseEvent {
  event: string;
  data: unknown;
}

/** A single-use ticket of the session `token` for the event stream (POST /events/ticket, as the console asks). */
export async function streamTicket(baseUrl: string, token: string): Promise<string> {
  const res = await fetch(`${baseUrl}/photo_voltaic/events/ticket`, { method: 'POST', headers: { 'x-token': token } });
  const body = (await res.json()) as { data: { ticket: string } | null; msg: string };
  if (!res.ok || !body.data) throw new Error(`no stream ticket: ${res.status} ${body.msg}`);
  return body.data.ticket;
}

/**
 * A real client of the event stream (over HTTP, as a browser's EventSource reads it), opened with a
 * fresh ticket of the session `token` (or `{ ticket }`: one the test asked for); `query` is appended (`devices=1,2`).
 */
export async function openStream(baseUrl: string, token: string | { ticket: string }, query = '') {
  const ticket = typeof token === 'string' ? await streamTicket(baseUrl, token) : token.ticket;
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let waiters: (() => void)[] = [];
  let ended = false;
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = request(
      `${baseUrl}/photo_voltaic/events?ticket=${encodeURIComponent(ticket)}${query ? `&${query}` : ''}`,
      { headers: { accept: 'text/event-stream' } },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
  let buffer = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    buffer += chunk;
    let i;
    while ((i = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, i);
      buffer = buffer.slice(i + 2);
      let event = 'message';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) comments.push(line.slice(1).trim());
        else if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data += line.slice(6);
      }
      if (data) events.push({ event, data: JSON.parse(data) });
    }
    for (const w of waiters) w();
    waiters = [];
  });
  res.on('end', () => {
    ended = true;
    for (const w of waiters) w();
    waiters = [];
  });
  const changed = () => new Promise<void>((resolve) => waiters.push(resolve));
  return {
    status: res.statusCode,
    headers: res.headers,
    events,
    comments,
    get ended() {
      return ended;
    },
    /** Waits for the first event of a type (after `from` events already seen). */
    async next(type: string, timeoutMs = 5000, from = 0): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.slice(from).find((e) => e.event === type);
        if (found) return found;
        if (ended) throw new Error(`stream ended without a ${type} event`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${type} event within ${timeoutMs} ms`);
        await Promise.race([changed(), new Promise((r) => setTimeout(r, left))]);
      }
    },
    async waitEnd(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!ended && Date.now() < deadline) await Promise.race([changed(), new Promise((r) => setTimeout(r, 50))]);
      return ended;
    },
    close: () => res.destroy(),
  };
}
