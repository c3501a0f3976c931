import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { mockFetch } from '@/test-fetch';
import { sendLive, stubEventSource } from '@/test-event-source';
import { renderWithProviders, signedInWith } from '@/test-utils';
import { useSession } from '@/stores/session';
import { NotificationBell } from './notification-bell';

initI18n('en');

const note = (id: number, readAt: number | null) => ({
  id,
  kind: 'fault',
  faultId: 40 + id,
  severity: id === 1 ? 'critical' : 'minor',
  title: id === 1 ? 'Critical fault F07: Grid overvoltage' : 'Minor fault F31: Fan speed low',
  body: 'Roof inverter (INV-0001) · Cape Town Roof',
  createdAt: Date.now() - 5 * 60_000,
  readAt,
});

function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{pathname + search}</div>;
}

function serve(unread: { n: number }) {
  return mockFetch(({ method, path }) => {
    if (path === '/notifications/unread-count') return { unread: unread.n };
    if (path === '/notifications' && method === 'GET')
      return { rows: [note(1, null), note(2, Date.now())], total: 2, unread: unread.n };
    if (path === '/notifications/read-all') {
      unread.n = 0;
      return { unread: 0 };
    }
    if (path.startsWith('/notifications/')) {
      unread.n = Math.max(0, unread.n - 1);
      return { unread: unread.n };
    }
    return null;
  });
}

const renderBell = () =>
  renderWithProviders(
    <MemoryRouter initialEntries={['/dashboard']}>
      <NotificationBell />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

describe('the navbar bell', { timeout: 20_000 }, () => {
  beforeEach(() => {
    Cookies.set('Admin-Token', 'tok');
    stubEventSource();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    Cookies.remove('Admin-Token');
    useSession.setState({ token: undefined, info: null });
  });

  it('counts the unread notifications and follows the live event without asking the server again', async () => {
    signedInWith('fault:list');
    const fetch = serve({ n: 3 });
    renderBell();
    await waitFor(() => expect(screen.getByTestId('bell').getAttribute('aria-label')).toBe('Notifications: 3 unread'));
    expect(screen.getByTestId('bell-count').textContent).toContain('3');
    const asked = fetch.mock.calls.length;
    // a fault opened: the stream carries the new count
    sendLive({ type: 'notifications', at: Date.now(), unread: 4 });
    await waitFor(() => expect(screen.getByTestId('bell').getAttribute('aria-label')).toBe('Notifications: 4 unread'));
    expect(fetch.mock.calls.slice(asked).some(([url]) => String(url).includes('/notifications/unread-count'))).toBe(
      false,
    );
  });

  it('lists the newest, marks all read, and opens a fault in the fault list', async () => {
    signedInWith('fault:list');
    useSession.setState((s) => ({ info: s.info && { ...s.info, routerPaths: ['/systems/problem'] } }));
    const fetch = serve({ n: 1 });
    renderBell();
    fireEvent.click(await screen.findByTestId('bell'));
    expect(await screen.findByText('Critical fault F07: Grid overvoltage')).toBeTruthy();
    expect(screen.getByTestId('notification-1').getAttribute('data-unread')).toBe('true');
    expect(screen.getByTestId('notification-2').getAttribute('data-unread')).toBe('false');

    fireEvent.click(screen.getByTestId('notification-read-all'));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([url, init]) => String(url).endsWith('/notifications/read-all') && init?.method === 'PUT',
        ),
      ).toBe(true),
    );

    fireEvent.click(screen.getByTestId('notification-1'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/systems/problem?faultId=41'));
  });
});
