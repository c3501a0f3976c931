import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import Cookies from 'js-cookie';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import LoginPage from './login-page';
import { mockFetch, respond } from '@/test-fetch';

initI18n('en');

function renderAt(url: string) {
  return render(
    <App>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/auth/user" element={<p>user list</p>} />
          <Route path="/" element={<p>home</p>} />
        </Routes>
      </MemoryRouter>
    </App>,
  );
}

function signIn(username: string, password: string) {
  fireEvent.change(screen.getByTestId('login-username'), { target: { value: username } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: password } });
  fireEvent.click(screen.getByTestId('login-submit'));
}

describe('login page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    Cookies.remove('Admin-Token');
    useSession.setState({ token: undefined, info: null });
  });

  it('shows the brand of the build, the language switch and no demo password', () => {
    renderAt('/login');
    expect(screen.getByTestId('login-brand').textContent).toBe('PV Monitoring Platform');
    expect(screen.getByTestId('public-language-switch')).toBeTruthy();
    expect(document.body.textContent).not.toContain('demo123456');
    expect(document.title).toBe('Sign in - PV Monitoring Platform');
  });

  it('switches the language from the sign-in page: the choice is stored and the page reloads into it', () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderAt('/login');
    fireEvent.click(screen.getByText('中文'));
    expect(Cookies.get('language')).toBe('zh');
    expect(reload).toHaveBeenCalledOnce();
    Cookies.remove('language');
  });

  it('ships no demo account or password in the console code', () => {
    const sources = import.meta.glob<string>(['../../../{lib,features,stores}/**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    expect(Object.keys(sources).length).toBeGreaterThan(20);
    for (const [path, code] of Object.entries(sources)) {
      expect(code, path).not.toMatch(/demo123456|DEMO_PASSWORD|DEMO_ACCOUNTS/);
    }
  });

  it('sends the trimmed username and the password as typed, then opens the wanted page', async () => {
    const fetch = mockFetch(() => ({ token: 'tok' }));
    renderAt('/login?redirect=%2Fauth%2Fuser');
    signIn('  admin  ', ' pass word ');
    expect(await screen.findByText('user list')).toBeTruthy();
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ username: 'admin', password: ' pass word ' });
    expect(Cookies.get('Admin-Token')).toBe('tok');
  });

  it('never follows a redirect to another site', async () => {
    mockFetch(() => ({ token: 'tok' }));
    renderAt('/login?redirect=%2F%2Fevil.example');
    signIn('admin', 'x');
    expect(await screen.findByText('home')).toBeTruthy();
  });

  it('asks for a username that is not only blanks, without calling the server', async () => {
    const fetch = mockFetch();
    renderAt('/login');
    signIn('   ', 'x');
    expect(await screen.findByText('Please enter the username')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('stays on the page when the server refuses', async () => {
    const fetch = mockFetch(() => respond({ code: 400, msg: 'Wrong username or password', data: null }));
    renderAt('/login?redirect=%2Fauth%2Fuser');
    signIn('admin', 'bad');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(screen.getByTestId('login-submit').className).not.toContain('loading'));
    expect(screen.queryByText('user list')).toBeNull();
    expect(Cookies.get('Admin-Token')).toBeUndefined();
  });
});
