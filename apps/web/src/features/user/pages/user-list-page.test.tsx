import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { renderWithProviders, setViewport, signedInWith, withUserZone } from '@/test-utils';
import UserListPage from './user-list-page';
import { mockFetch } from '@/test-fetch';

initI18n('en');

const rows = [
  {
    id: 1,
    loginName: 'ada',
    nickname: 'Ada',
    mobile: null,
    email: 'ada@example.com',
    state: 'enabled',
    orgId: 1,
    orgName: 'Platform',
    roles: ['admin'],
    roleIds: [1],
    createdAt: 1795000000000,
  },
  {
    id: 2,
    loginName: 'bob',
    nickname: 'Bob',
    mobile: '+49 30 1234',
    email: null,
    state: 'disabled',
    orgId: 1,
    orgName: 'Platform',
    roles: ['viewer'],
    roleIds: [3],
    createdAt: 1795000000000,
  },
];

function serve() {
  return mockFetch(({ method }) => (method === 'PUT' ? null : { rows, total: 42 }));
}

const renderPage = () => renderWithProviders(<UserListPage />);

describe('user list', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows when each user was created in the user's zone, the zone named (issue 42)", async () => {
    setViewport(1440); // the column shows from xl
    try {
      signedInWith('user:list');
      withUserZone('Asia/Tokyo');
      serve();
      renderPage();
      await screen.findByText('ada@example.com');
      // 1795000000000 is 2026-11-18 11:06:40 UTC; it read "2026-11-18 19:06:40" (Asia/Shanghai, unnamed)
      const times = [...document.querySelectorAll('.ant-table td .zoned-time')].map((el) => el.textContent);
      expect(times).toEqual(['2026-11-18 20:06:40 UTC+9', '2026-11-18 20:06:40 UTC+9']);
    } finally {
      setViewport(1024, 768);
    }
  });

  it('asks the server for the first page and shows its rows and total', async () => {
    signedInWith('user:list');
    const fetch = serve();
    renderPage();
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('42 users')).toBeTruthy();
    expect(String(fetch.mock.calls[0]![0])).toBe('/photo_voltaic/users?pageNum=1&pageSize=20');
  });

  it('hides export, the state switch and create/update/delete without the permissions', async () => {
    signedInWith('user:list');
    serve();
    renderPage();
    await screen.findByText('ada@example.com');
    expect(screen.queryByTestId('user-export')).toBeNull();
    expect(screen.queryByTestId('user-state-ada')).toBeNull();
    expect(screen.queryByTestId('user-create')).toBeNull();
    expect(screen.queryByTestId('user-update-ada')).toBeNull();
    expect(screen.queryByTestId('user-delete-ada')).toBeNull();
    expect(screen.getAllByText('Enabled').length).toBeGreaterThan(0);
  });

  it('shows each button its permission allows', async () => {
    signedInWith('user:list,user:export,user:enable,user:create,user:update');
    serve();
    renderPage();
    await screen.findByText('ada@example.com');
    expect(screen.getByTestId('user-export')).toBeTruthy();
    expect(screen.getByTestId('user-state-ada')).toBeTruthy();
    expect(screen.getByTestId('user-create')).toBeTruthy();
    expect(screen.getByTestId('user-update-bob')).toBeTruthy();
    expect(screen.queryByTestId('user-delete-bob')).toBeNull();
  });

  it('names each on/off switch after its user (a screen reader says whose sign-in it allows)', async () => {
    signedInWith('user:list,user:enable');
    serve();
    renderPage();
    const ada = await screen.findByRole('switch', { name: 'Sign-in allowed for ada' });
    expect(ada.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Sign-in allowed for bob' }).getAttribute('aria-checked')).toBe('false');
  });

  it('disables a user only after the confirmation', async () => {
    signedInWith('user:list,user:enable');
    const fetch = serve();
    renderPage();
    fireEvent.click(await screen.findByTestId('user-state-ada'));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    const confirm = await screen.findByText('Disable ada? Their sessions end at once.');
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popover).getAllByRole('button').at(-1)!);
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([url, init]) => init?.method === 'PUT' && url === '/photo_voltaic/users/1/state'),
      ).toBe(true),
    );
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(put[1]!.body as string)).toEqual({ state: 'disabled' });
  });

  it('filters on the server from the first page', async () => {
    signedInWith('user:list');
    const fetch = serve();
    renderPage();
    await screen.findByText('ada@example.com');
    const input = document.querySelector('#loginName') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'bo' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(fetch.mock.calls.map(([u]) => String(u))).toContain(
        '/photo_voltaic/users?pageNum=1&pageSize=20&loginName=bo',
      ),
    );
  });
});
