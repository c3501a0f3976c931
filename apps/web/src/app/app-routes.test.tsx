import { act, cleanup, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { RootLayout } from './root-layout';
import { AppRoutes } from './router';

initI18n('en');

function Broken(): never {
  throw new Error('the plant table broke');
}

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        path: '/broken',
        element: <Broken />,
        handle: { titleKey: 'route.notFound' },
      },
      {
        path: '/fine',
        element: (
          <p>
            fine <Link to="/broken">to the broken page</Link>
          </p>
        ),
        handle: { titleKey: 'route.login' },
      },
    ],
  },
];

describe('<AppRoutes> (the declarative route table)', () => {
  afterEach(cleanup);

  it("titles the document from the deepest matched route's handle", async () => {
    render(
      <MemoryRouter initialEntries={['/fine']}>
        <AppRoutes routes={routes} />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/fine/)).toBeTruthy();
    expect(document.title).toMatch(/^Sign in/);
  });

  it('shows the error page for a route that fails to render, and the next page after a navigation', async () => {
    // React reports the caught error on the console
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/fine']}>
        {/* outside the routes, as the sidebar is: still there when the route tree has failed */}
        <Link to="/fine">sidebar entry</Link>
        <AppRoutes routes={routes} />
      </MemoryRouter>,
    );
    await act(async () => screen.getByText('to the broken page').click());
    const error = await screen.findByTestId('page-error');
    expect(error.textContent).toContain('the plant table broke');
    expect(screen.queryByText(/^fine/)).toBeNull();
    await act(async () => screen.getByText('sidebar entry').click());
    expect(await screen.findByText(/^fine/)).toBeTruthy();
    expect(screen.queryByTestId('page-error')).toBeNull();
    quiet.mockRestore();
  });
});
