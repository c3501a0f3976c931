import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { useSession, type UserInfo } from '@/stores/session';
import { RequireAuth } from './require-auth';

initI18n('en');

const info: UserInfo = {
  name: 'Admin',
  loginName: 'admin',
  avatar: '',
  introduction: '',
  roles: ['admin'],
  btns: '',
  orgGroup: { orgGroupCode: 'ROOT', orgGroupName: 'Platform', orgGroupId: 1 },
  orgName: 'Platform',
  orgId: 1,
  routerPaths: ['/', '/dashboard'],
};

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <p>login page</p> },
      { path: '*', element: <RequireAuth>console</RequireAuth> },
    ],
    { initialEntries: [path] },
  );
  render(
    <App>
      <RouterProvider router={router} />
    </App>,
  );
  return router;
}

const where = (router: ReturnType<typeof createMemoryRouter>) =>
  router.state.location.pathname + router.state.location.search;

describe('<RequireAuth>', () => {
  const original = useSession.getState();
  afterEach(() => {
    cleanup();
    useSession.setState(original, true);
  });

  it('sends a visitor without a token to /login with the wanted path as redirect', async () => {
    useSession.setState({ token: undefined, info: null });
    const router = renderAt('/auth/user?pageNum=2');
    await waitFor(() => expect(where(router)).toBe('/login?redirect=%2Fauth%2Fuser%3FpageNum%3D2'));
  });

  it('fetches the user info once when only the token is there, then lets the user through', async () => {
    const fetchInfo = vi.fn(async () => {
      useSession.setState({ info });
      return info;
    });
    useSession.setState({ token: 't', info: null, fetchInfo });
    renderAt('/dashboard');
    expect(await screen.findByText('console')).toBeTruthy();
    expect(fetchInfo).toHaveBeenCalledTimes(1);
  });

  it('on a failed fetch clears the token, shows the error and goes to /login with the redirect', async () => {
    const resetToken = vi.fn(() => useSession.setState({ token: undefined, info: null }));
    useSession.setState({
      token: 't',
      info: null,
      fetchInfo: vi.fn(async () => Promise.reject(new Error('getInfo: roles must be a non-null array !'))),
      resetToken,
    });
    const router = renderAt('/dashboard');
    expect(await screen.findByText('getInfo: roles must be a non-null array !')).toBeTruthy();
    expect(resetToken).toHaveBeenCalledOnce();
    await waitFor(() => expect(where(router)).toBe('/login?redirect=%2Fdashboard'));
  });

  it('shows "Has Error" when the failure carries no message', async () => {
    useSession.setState({
      token: 't',
      info: null,
      fetchInfo: vi.fn(async () => Promise.reject(new Error(''))),
      resetToken: () => useSession.setState({ token: undefined, info: null }),
    });
    renderAt('/dashboard');
    expect(await screen.findByText('Has Error')).toBeTruthy();
  });
});
