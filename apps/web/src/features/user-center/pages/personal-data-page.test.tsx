import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { renderWithProviders, signedInWith } from '@/test-utils';
import { useSession } from '@/stores/session';
import PersonalDataPage from './personal-data-page';
import { mockFetch, respond } from '@/test-fetch';

initI18n('en');

const profile = {
  id: 1,
  loginName: 'ada',
  nickname: 'Ada',
  mobile: null,
  email: 'ada@example.com',
  orgName: 'Platform',
  roles: ['admin'],
  avatar: '',
  createdAt: 1795000000000,
  timeZone: null,
};

function serve(getCode = 200) {
  return mockFetch(({ method, body }) => {
    if (method === 'PUT') return { ...profile, ...(body as object) };
    return getCode === 200 ? profile : respond({ code: getCode, msg: 'boom', data: null });
  });
}

const renderPage = () => renderWithProviders(<PersonalDataPage />);

describe('personal data', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  // React's scheduler may still hold a tick of work (the retried query): let it run before the DOM goes
  afterAll(() => new Promise((resolve) => setTimeout(resolve, 100)));

  it('shows the profile, refuses a bad e-mail, then saves the edit', async () => {
    const fetch = serve();
    renderPage();
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    fireEvent.click(screen.getByTestId('profile-edit'));
    const email = document.querySelector('#email') as HTMLInputElement;
    fireEvent.change(email, { target: { value: 'ada@' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('Please enter a correct e-mail address')).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    fireEvent.change(email, { target: { value: 'ada@new.example' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('ada@new.example')).toBeTruthy();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe('/photo_voltaic/profile');
    expect(JSON.parse(put[1]!.body as string)).toEqual({ nickname: 'Ada', email: 'ada@new.example', mobile: '' });
  });

  it('offers a retry when the profile cannot be loaded', async () => {
    const fetch = serve(500);
    renderPage();
    fireEvent.click(await screen.findByTestId('load-retry'));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    // the retried load has failed again and rendered (no React work left for after the test)
    expect(await screen.findByTestId('load-retry')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('img', { name: /loading/i })).toBeNull());
  });

  it('sets the time zone from a searchable list, sends it with the rest of the profile, and the session follows', async () => {
    signedInWith('');
    const fetch = serve();
    renderPage();
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    // no zone chosen: the browser's
    const select = screen.getByTestId('profile-time-zone');
    expect(select.textContent).toContain('Browser default');
    fireEvent.mouseDown(select.querySelector('.ant-select-selector, .ant-select-content') ?? select);
    const search = select.querySelector('input')!;
    fireEvent.change(search, { target: { value: 'johannesburg' } });
    fireEvent.click(await screen.findByText('Africa/Johannesburg (UTC+2)'));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(put[1]!.body as string)).toEqual({
      nickname: 'Ada',
      email: 'ada@example.com',
      mobile: '',
      timeZone: 'Africa/Johannesburg',
    });
    await waitFor(() =>
      expect((useSession.getState().info as { timeZone?: string } | null)?.timeZone).toBe('Africa/Johannesburg'),
    );
    expect(screen.getByTestId('profile-time-zone').textContent).toContain('Africa/Johannesburg');
  });
});
