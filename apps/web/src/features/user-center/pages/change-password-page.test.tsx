import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import Cookies from 'js-cookie';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import ChangePasswordPage from './change-password-page';
import { mockFetch, respond } from '@/test-fetch';

initI18n('en');

function renderPage() {
  return render(
    <App>
      <MemoryRouter initialEntries={['/userCenter/changePassword']}>
        <Routes>
          <Route path="/userCenter/changePassword" element={<ChangePasswordPage />} />
          <Route path="/login" element={<p>login screen</p>} />
        </Routes>
      </MemoryRouter>
    </App>,
  );
}

function fill(oldPassword: string, newPassword: string, confirmPassword: string) {
  fireEvent.change(screen.getByTestId('old-password'), { target: { value: oldPassword } });
  fireEvent.change(screen.getByTestId('new-password'), { target: { value: newPassword } });
  fireEvent.change(screen.getByTestId('confirm-password'), { target: { value: confirmPassword } });
  fireEvent.click(screen.getByTestId('change-password-submit'));
}

describe('change password form', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('refuses a short password and two different passwords before calling the server', async () => {
    const fetch = mockFetch();
    renderPage();
    fill('demo123456', 'abc123', 'abc1234');
    expect(await screen.findByText('Password must be longer than 6 characters')).toBeTruthy();
    expect(await screen.findByText('The two passwords are inconsistent')).toBeTruthy();
    await waitFor(() => expect(fetch).not.toHaveBeenCalled());
  });

  it('asks for every field', async () => {
    const fetch = mockFetch();
    renderPage();
    fireEvent.click(screen.getByTestId('change-password-submit'));
    await waitFor(() => expect(screen.getAllByText('Please enter the password').length).toBe(3), { timeout: 5000 });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('takes seven characters, sends the three fields, ends the session and goes to the login', async () => {
    Cookies.set('Admin-Token', 'tok');
    useSession.setState({ token: 'tok' });
    const fetch = mockFetch();
    renderPage();
    fill('demo123456', 'abc1234', 'abc1234');
    expect(await screen.findByText('login screen')).toBeTruthy();
    expect(screen.queryByText('Password must be longer than 6 characters')).toBeNull();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/photo_voltaic/sysOrgUser/changePassword');
    expect(JSON.parse(init.body as string)).toEqual({
      oldPassword: 'demo123456',
      newPassword: 'abc1234',
      confirmPassword: 'abc1234',
    });
    expect(Cookies.get('Admin-Token')).toBeUndefined();
    expect(useSession.getState().token).toBeUndefined();
  });

  it('stays on the form when the server refuses the old password', async () => {
    Cookies.set('Admin-Token', 'tok');
    useSession.setState({ token: 'tok' });
    const fetch = mockFetch(() => respond({ code: 400, msg: 'The old password is wrong', data: null }));
    renderPage();
    fill('wrong-old', 'abc1234', 'abc1234');
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByTestId('change-password-submit').className).not.toContain('loading'));
    expect(screen.queryByText('login screen')).toBeNull();
    expect(Cookies.get('Admin-Token')).toBe('tok');
  });
});
