import {
  API_BASE,
  LIVE_DEVICES_MS,
  LIVE_FALLBACK_MS,
  LIVE_THROTTLE_MS,
  LIVE_WATCH_MAX,
  type LiveEvent,
  type LiveEventType,
  type LiveTicket,
} from '@pv/contract';
import {
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { http } from './http';
import { getToken } from './token';

type Listener = (event: LiveEvent) => void;

/** After no ticket could be had (the session ended, the server is down) the stream is tried again this late (ms). */
const REOPEN_MS = 30_000;
/** After the stream broke off (a network error, a server restart) it is opened again, with a new ticket, this late (ms). */
const RETRY_MS = 5_000;
/** EventSource.OPEN (a stand-in in tests may not define the constants) */
const OPEN = 1;

/**
 * One event stream (GET /photo_voltaic/events) for the whole console, shared by every page that
 * listens, open while at least one does. EventSource cannot send the X-Token header, and the
 * session token must not go into an address (logs, Referer): each time the stream opens, the
 * console asks POST /events/ticket for a single-use ticket (good for LIVE_TICKET_MS) and opens it
 * with `?ticket=`. The devices the pages show are named in the `devices` parameter (the server then
 * sends their `devices` events, and only theirs); when that set changes the stream is opened again
 * with it (and a new ticket). A ticket is good once, so the browser's own reconnect would be
 * refused: after an error the stream is closed and opened again with a new ticket RETRY_MS later.
 * An `expired` event closes it; when no ticket can be had (the session ended) it is tried again
 * REOPEN_MS later, and the next API call shows the session dialog.
 */
class LiveStream {
  private source: EventSource | undefined;
  /** what the open (or opening) stream was asked for: the token and the watched devices */
  private wanted: string | undefined;
  /** counts the streams asked for: an answer for an older one is dropped */
  private generation = 0;
  /** true while a ticket is being asked for */
  private opening = false;
  private readonly listeners = new Set<Listener>();
  /** device id → how many components watch it */
  private readonly watched = new Map<number, number>();
  private reopen: ReturnType<typeof setTimeout> | undefined;
  private pending: ReturnType<typeof setTimeout> | undefined;
  private open = false;
  private readonly stateListeners = new Set<() => void>();

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    // with the devices the page's parts watch as they mount together: one ticket, one stream
    this.schedule();
    return () => {
      this.listeners.delete(listener);
      if (!this.listeners.size) this.close();
    };
  }

  /** Asks for the `devices` events of `ids` while the answer is not called. */
  watch(ids: readonly number[]): () => void {
    for (const id of ids) this.watched.set(id, (this.watched.get(id) ?? 0) + 1);
    this.schedule();
    return () => {
      for (const id of ids) {
        const n = (this.watched.get(id) ?? 0) - 1;
        if (n > 0) this.watched.set(id, n);
        else this.watched.delete(id);
      }
      this.schedule();
    };
  }

  /** Whether the stream is open: events arrive, the pages need not poll. */
  readonly isOpen = () => this.open;

  /** Calls `fn` when `isOpen` changes (useSyncExternalStore). */
  readonly onOpenChange = (fn: () => void) => {
    this.stateListeners.add(fn);
    return () => void this.stateListeners.delete(fn);
  };

  private setOpen(open: boolean) {
    if (this.open === open) return;
    this.open = open;
    for (const fn of [...this.stateListeners]) fn();
  }

  /** Watches change in bursts (a page and its parts mount together): the stream follows once they settle. */
  private schedule() {
    this.pending ??= setTimeout(() => {
      this.pending = undefined;
      this.sync();
    }, 0);
  }

  /** The token and the devices the stream is for (undefined: no stream is wanted). */
  private wantedKey(): string | undefined {
    const token = getToken();
    if (typeof EventSource === 'undefined' || !token || !this.listeners.size) return undefined;
    const ids = [...this.watched.keys()].sort((a, b) => a - b).slice(0, LIVE_WATCH_MAX);
    return `${token}|${ids.join(',')}`;
  }

  /** Opens, keeps or opens again the stream the listeners and watches ask for. */
  private sync() {
    const wanted = this.wantedKey();
    if (!wanted) return this.close();
    if (this.wanted === wanted && (this.opening || (this.source && this.source.readyState !== EventSource.CLOSED)))
      return;
    this.close();
    this.wanted = wanted;
    const generation = ++this.generation;
    const devices = wanted.slice(wanted.indexOf('|') + 1);
    this.opening = true;
    http.post<LiveTicket>('/events/ticket', undefined, { silent: true }).then(
      ({ ticket }) => {
        if (generation !== this.generation) return;
        this.opening = false;
        this.connect(`${API_BASE}/events?ticket=${encodeURIComponent(ticket)}${devices ? `&devices=${devices}` : ''}`);
      },
      () => {
        if (generation !== this.generation) return;
        this.opening = false;
        this.retryIn(REOPEN_MS);
      },
    );
  }

  private retryIn(ms: number) {
    clearTimeout(this.reopen);
    this.reopen = setTimeout(() => {
      this.reopen = undefined;
      this.wanted = undefined;
      if (this.listeners.size) this.sync();
    }, ms);
  }

  private connect(url: string) {
    const source = new EventSource(url);
    this.source = source;
    this.setOpen(source.readyState === OPEN);
    const types: LiveEventType[] = ['stats', 'devices', 'notifications'];
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
    source.addEventListener('open', () => {
      if (this.source === source) this.setOpen(true);
    });
    source.addEventListener('expired', () => this.close());
    source.addEventListener('error', () => {
      if (this.source !== source) return;
      // the pages poll meanwhile; the browser would reconnect with the used ticket (refused), so
      // the stream is opened again here, with a new one
      this.setOpen(false);
      source.close();
      this.source = undefined;
      this.retryIn(RETRY_MS);
    });
  }

  private close() {
    clearTimeout(this.reopen);
    this.reopen = undefined;
    this.generation++;
    this.opening = false;
    this.source?.close();
    this.source = undefined;
    this.wanted = undefined;
    this.setOpen(false);
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
 * How often a live page's queries poll: never while the event stream is open, LIVE_FALLBACK_MS
 * while it is not (no EventSource, refused, reconnecting). Use as a query's `refetchInterval`.
 */
export function useLiveFallback(ms = LIVE_FALLBACK_MS): number | false {
  const open = useSyncExternalStore(liveStream.onOpenChange, liveStream.isOpen, () => false);
  return open ? false : ms;
}

/**
 * useQuery for what live events refresh (the page's useLiveInvalidate, useLiveDevices or
 * useLivePlants): it polls only while the event stream is not open (useLiveFallback), and never
 * when `poll` is false (e.g. a chart of a past day).
 */
export function useLiveQuery<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
  poll = true,
): UseQueryResult<TData, TError> {
  const fallback = useLiveFallback();
  return useQuery({ ...options, refetchInterval: poll ? fallback : false });
}

/**
 * Refetches the queries under `queryKey` when live events arrive, at most once per `throttleMs`
 * (the first event at once, later ones folded into one refetch at the end of the window).
 * `accept` narrows the events that count (e.g. only those of one plant).
 */
export function useLiveInvalidate(
  queryKey: QueryKey,
  options: { throttleMs?: number; accept?: (event: LiveEvent) => boolean; enabled?: boolean } = {},
) {
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

/**
 * Watches the devices `ids` (the stream then carries their `devices` events: they reported, acked a
 * command, sent OTA progress, went offline) and refetches the queries under `queryKey` when one of
 * them is named, at most once per `throttleMs` (LIVE_DEVICES_MS: about as often as the server
 * publishes them).
 */
export function useLiveDevices(
  ids: readonly number[],
  queryKey: QueryKey,
  options: { throttleMs?: number; enabled?: boolean } = {},
) {
  const list = ids.filter((id) => id > 0);
  const key = list.join(',');
  const enabled = (options.enabled ?? true) && list.length > 0;
  useEffect(() => {
    if (!enabled) return;
    return liveStream.watch(key.split(',').map(Number));
  }, [key, enabled]);
  useLiveInvalidate(queryKey, {
    throttleMs: options.throttleMs ?? LIVE_DEVICES_MS,
    enabled,
    accept: (e) => e.type === 'devices' && e.deviceIds.some((id) => list.includes(id)),
  });
}

/**
 * Refetches the queries under `queryKey` when a `stats` event names one of `plantIds` (devices of
 * theirs reported, a fault of theirs opened), at most once per `throttleMs`.
 */
export function useLivePlants(
  plantIds: readonly number[],
  queryKey: QueryKey,
  options: { throttleMs?: number; enabled?: boolean } = {},
) {
  useLiveInvalidate(queryKey, {
    throttleMs: options.throttleMs,
    enabled: (options.enabled ?? true) && plantIds.length > 0,
    accept: (e) => e.type === 'stats' && e.plantIds.some((id) => plantIds.includes(id)),
  });
}
