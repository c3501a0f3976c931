import { LIVE_FALLBACK_MS } from '@pv/contract';
import { QueryClient, QueryClientProvider, queryOptions, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource, openStream, sendLive, stubEventSource } from '@/test-event-source';
import { mockFetch, respond } from '@/test-fetch';
import { useLiveDevices, useLiveFallback, useLiveQuery } from './live';

/** A device page in miniature: one query per device, read again on its live events. */
function Device({ id, fetch }: { id: number; fetch: (id: number) => number }) {
  const { data } = useQuery({ queryKey: ['devices', 'one', id], queryFn: () => fetch(id) });
  useLiveDevices([id], ['devices', 'one', id], { throttleMs: 0 });
  return <span data-testid={`device-${id}`}>{data}</span>;
}

function Fallback() {
  const ms = useLiveFallback();
  return <span data-testid="fallback">{String(ms)}</span>;
}

/** A live query: `poll` false for data that does not change meanwhile (a past day's chart). */
function Live({ name, poll }: { name: string; poll?: boolean }) {
  const { data } = useLiveQuery(queryOptions({ queryKey: ['live', name], queryFn: () => `${name}!` }), poll);
  return <span data-testid={name}>{data}</span>;
}

const settle = () => act(() => new Promise((r) => setTimeout(r, 10)));

describe('live stream', () => {
  let client: QueryClient;
  const wrap = (ui: React.ReactNode) => render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  beforeEach(() => {
    Cookies.set('Admin-Token', 'tok');
    stubEventSource();
    mockFetch();
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    Cookies.remove('Admin-Token');
  });

  it('names the watched devices in the stream URL, follows the pages that come and go, and refetches only the device named', async () => {
    const fetch = vi.fn((id: number) => id * 10 + fetch.mock.calls.filter(([x]) => x === id).length);
    const view = wrap(
      <>
        <Device id={12} fetch={fetch} />
        <Device id={5} fetch={fetch} />
      </>,
    );
    await settle();
    // a ticket of the session, never the session token, in the address
    expect(openStream().url).toBe('/photo_voltaic/events?ticket=ticket-1&devices=5,12');
    expect(FakeEventSource.instances).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('device-12').textContent).toBe('121'));
    sendLive({ type: 'devices', at: 1, deviceIds: [12] });
    await waitFor(() => expect(screen.getByTestId('device-12').textContent).toBe('122'));
    expect(screen.getByTestId('device-5').textContent).toBe('51');
    // a stats event or another device: nothing to read again
    sendLive({ type: 'stats', at: 2, orgIds: [1], plantIds: [5, 12], faultIds: [] });
    sendLive({ type: 'devices', at: 3, deviceIds: [7] });
    await settle();
    expect(fetch).toHaveBeenCalledTimes(3);

    // one page goes: the stream is opened again for the other only
    const first = openStream();
    view.rerender(
      <QueryClientProvider client={client}>
        <Device id={5} fetch={fetch} />
      </QueryClientProvider>,
    );
    await settle();
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    // with a new ticket: the first was used up
    expect(openStream().url).toBe('/photo_voltaic/events?ticket=ticket-2&devices=5');
    sendLive({ type: 'devices', at: 4, deviceIds: [5, 12] });
    await waitFor(() => expect(screen.getByTestId('device-5').textContent).toBe('52'));
    // the last listener gone: the stream closes
    const last = openStream();
    view.unmount();
    expect(last.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('polls only while the stream is not open: connecting, then open, then reconnecting after an error', async () => {
    FakeEventSource.initialState = 0;
    wrap(
      <>
        <Device id={1} fetch={() => 1} />
        <Fallback />
      </>,
    );
    await settle();
    expect(screen.getByTestId('fallback').textContent).toBe(String(LIVE_FALLBACK_MS));
    act(() => openStream().emit('open'));
    expect(screen.getByTestId('fallback').textContent).toBe('false');
    act(() => {
      const s = openStream();
      s.readyState = 0; // the browser reconnects by itself
      s.emit('error');
    });
    expect(screen.getByTestId('fallback').textContent).toBe(String(LIVE_FALLBACK_MS));
  });

  it('opens the stream again with a new ticket after an error (the browser would reuse the used one)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const fetch = mockFetch();
      wrap(<Device id={3} fetch={() => 3} />);
      await act(() => vi.advanceTimersByTimeAsync(10));
      const first = openStream();
      expect(first.url).toBe('/photo_voltaic/events?ticket=ticket-1&devices=3');
      act(() => first.emit('error'));
      expect(first.readyState).toBe(FakeEventSource.CLOSED);
      await act(() => vi.advanceTimersByTimeAsync(4_000));
      expect(FakeEventSource.instances).toHaveLength(1);
      await act(() => vi.advanceTimersByTimeAsync(1_100));
      expect(openStream().url).toBe('/photo_voltaic/events?ticket=ticket-2&devices=3');
      const asked = fetch.mock.calls.filter(([url]) => String(url).endsWith('/events/ticket'));
      expect(asked).toHaveLength(2);
      // each ticket request carries the session token in its header
      expect(asked.every(([, init]) => (init?.headers as Record<string, string>)['X-Token'] === 'tok')).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('no stream while the ticket is refused (the session ended): the pages poll', async () => {
    mockFetch((req) =>
      req.path === '/events/ticket' ? respond({ code: 401, msg: 'Session expired', data: null }) : null,
    );
    wrap(
      <>
        <Device id={1} fetch={() => 1} />
        <Fallback />
      </>,
    );
    await settle();
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(screen.getByTestId('fallback').textContent).toBe(String(LIVE_FALLBACK_MS));
  });

  it('useLiveQuery polls while the stream is not open, and never when told not to', async () => {
    FakeEventSource.initialState = 0;
    wrap(
      <>
        <Device id={1} fetch={() => 1} />
        <Live name="today" />
        <Live name="past" poll={false} />
      </>,
    );
    const interval = (name: string) =>
      client.getQueryCache().find({ queryKey: ['live', name] })?.observers[0]?.options.refetchInterval;
    await waitFor(() => expect(screen.getByTestId('today').textContent).toBe('today!'));
    expect(screen.getByTestId('past').textContent).toBe('past!');
    expect(interval('today')).toBe(LIVE_FALLBACK_MS);
    expect(interval('past')).toBe(false);
    act(() => openStream().emit('open'));
    expect(interval('today')).toBe(false);
    expect(interval('past')).toBe(false);
  });

  it('polls when the browser has no EventSource', () => {
    vi.stubGlobal('EventSource', undefined);
    wrap(
      <>
        <Device id={1} fetch={() => 1} />
        <Fallback />
      </>,
    );
    expect(screen.getByTestId('fallback').textContent).toBe(String(LIVE_FALLBACK_MS));
  });
});
