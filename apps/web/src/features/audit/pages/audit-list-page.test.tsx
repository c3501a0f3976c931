import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { renderWithProviders, signedInWith } from '@/test-utils';
import { useSession } from '@/stores/session';
import AuditListPage from './audit-list-page';
import { mockFetch } from '@/test-fetch';

initI18n('en');
vi.setConfig({ testTimeout: 30_000 });

const rows = [
  {
    id: 2,
    at: 1795000000000,
    userId: 1,
    loginName: 'admin',
    orgId: 1,
    orgName: 'PV Platform',
    action: 'delete',
    entity: 'orgGroup',
    recordId: '9',
    summary: 'Auditors (AUD1)',
    method: 'DELETE',
    route: '/orgGroups/:id',
    ip: '10.0.0.1',
  },
  {
    id: 1,
    at: 1794999999000,
    userId: null,
    loginName: 'ghost',
    orgId: null,
    orgName: null,
    action: 'loginFailed',
    entity: 'session',
    recordId: null,
    summary: 'unknown user',
    method: 'POST',
    route: '/login',
    ip: '10.0.0.2',
  },
];

function serve() {
  return mockFetch(({ url }) =>
    url.startsWith('/photo_voltaic/audit/entities')
      ? ['orgGroup', 'session']
      : url.startsWith('/photo_voltaic/audit')
        ? { rows, total: 2 }
        : null,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('audit page', () => {
  it('shows who did what, translated, and sends the filters to the server', async () => {
    signedInWith('audit:export', ['admin']);
    const fetch = serve();
    renderWithProviders(
      <MemoryRouter>
        <AuditListPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Organisation group', undefined, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText('Failed sign-in')).toBeTruthy();
    expect(screen.getByText('Auditors (AUD1)')).toBeTruthy();
    expect(screen.getByTestId('audit-export')).toBeTruthy();
    fireEvent.change(screen.getByTestId('audit-user'), { target: { value: 'admin' } });
    fireEvent.click(screen.getByTestId('audit-search'));
    await waitFor(
      () =>
        expect(
          fetch.mock.calls.some(
            ([url]) =>
              String(url).startsWith('/photo_voltaic/audit?') &&
              String(url).includes('user=admin') &&
              String(url).includes('pageNum=1'),
          ),
        ).toBe(true),
      { timeout: 8000 },
    );
  });

  it('offers no export without audit:export', async () => {
    signedInWith('', ['admin']);
    serve();
    renderWithProviders(
      <MemoryRouter>
        <AuditListPage />
      </MemoryRouter>,
    );
    await screen.findByText('Auditors (AUD1)', undefined, { timeout: 8000 });
    expect(screen.queryByTestId('audit-export')).toBeNull();
  });

  it("shows the times in the user's zone, named, and the days picked as days of that zone", async () => {
    signedInWith('', ['admin']);
    // the user chose Tokyo in the user center (the session carries it)
    useSession.setState((st) => ({ info: st.info ? { ...st.info, timeZone: 'Asia/Tokyo' } : st.info }));
    serve();
    renderWithProviders(
      <MemoryRouter>
        <AuditListPage />
      </MemoryRouter>,
    );
    await screen.findByText('Auditors (AUD1)', undefined, { timeout: 8000 });
    const at = screen.getAllByTitle(/Asia\/Tokyo/).find((el) => el.classList.contains('zoned-time'))!;
    // 1795000000000 is 2026-11-18 20:06:40 in Tokyo
    expect(at.textContent).toBe('2026-11-18 20:06:40 UTC+9');
    expect(screen.getByTestId('audit-zone').textContent).toContain('Asia/Tokyo');
  });
});
