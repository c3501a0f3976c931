import { API_BASE, LIVE_THROTTLE_MS, type LiveEvent, type LiveEventType } from '@pv/contract';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getToken } from './token';

type Listener = (event: LiveEvent) => void;

/** After the stream is refused (the session ended, the server is down) it is tried again this late (ms). */
const REOPEN_MS = 30_000;

/**
 * One event stream (GET /photo_voltaic/events) for the whole console, shared by every page that
 * listens, open while at least one does. EventSource cannot send the X-Token header, so the token
 * goes as the `token` query parameter, as currentInfo accepts it (the server redacts it from logs).
 * EventSource reconnects by itself after a network error; an `expired` event or a refused
 * connection closes it, and the next API call shows the session dialog.
 */
class LiveStream {
  private source: EventSource | undefined;
  private token: string | undefined;
  private readonly listeners = new Set<Listener>();
  private reopen: ReturnType<typeof setTimeout> | undefined;

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    this.open();
    return () => {
      this.listeners.delete(listener);
      if (!this.listeners.size) this.close();
    };
  }

  private open() {
    const token = getToken();
    if (typeof EventSource === 'undefined' || !token) return;
    if (this.source && this.token === token && this.source.readyState !== EventSource.CLOSED) return;
    this.close();
    this.token = token;
    const source = new EventSource(`${API_BASE}/events?token=${encodeURIComponent(token)}`);
    this.source = source;
    const types: LiveEventType[] = ['stats'];
    for (const type of types) {
      source.addEventListener(type, (e) => {
        let event: LiveEvent;
        try {
          event = JSON.parse((e as MessageEvent<string>).data) as LiveEvent;
        } catch {
          return;
        }
        for (const l of [...this.listeners]) l(event);
      });
    }
    source.addEventListener('expired', () => this.close());
    source.addEventListener('error', () => {
      if (source.readyState !== EventSource.CLOSED || this.source !== source) return;
      this.reopen = setTimeout(() => {
        this.reopen = undefined;
        if (this.listeners.size) this.open();
      }, REOPEN_MS);
    });
  }

  private close() {
    clearTimeout(this.reopen);
    this.reopen = undefined;
    this.source?.close();
    this.source = undefined;
  }
}

export const liveStream = new LiveStream();

/** Calls `onEvent` for every live event of the user's data scope while the component is mounted. */
export function useLiveEvents(onEvent: Listener, enabled = true) {
  const ref = useRef(onEvent);
  useEffect(() => {
    ref.current = onEvent;
  });
  useEffect(() => {
    if (!enabled) return;
    return liveStream.subscribe((e) => ref.current(e));
  }, [enabled]);
}

/**
 * Refetches the queries under `queryKey` when live events arrive, at most once per `throttleMs`
 * (the first event at once, later ones folded into one refetch at the end of the window).
 * `accept` narrows the events that count (e.g. only those of one plant).
 */
export function useLiveInvalidate(queryKey: QueryKey, options: { throttleMs?: number; accept?: (event: LiveEvent) => boolean; enabled?: boolean } = {}) {
  const client = useQueryClient();
  const { throttleMs = LIVE_THROTTLE_MS, accept, enabled = true } = options;
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const keyJson = JSON.stringify(queryKey);
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveEvents((event) => {
    if (accept && !accept(event)) return;
    if (timer.current) return;
    const run = () => {
      timer.current = undefined;
      last.current = Date.now();
      void client.invalidateQueries({ queryKey: JSON.parse(keyJson) as QueryKey });
    };
    const wait = last.current + throttleMs - Date.now();
    if (wait <= 0) run();
    else timer.current = setTimeout(run, wait);
  }, enabled);
}
