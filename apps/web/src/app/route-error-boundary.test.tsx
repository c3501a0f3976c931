import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useErrorLog } from '@/stores/error-log';
import { RouteErrorBoundary } from './router';

describe('<RouteErrorBoundary>', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    useErrorLog.setState({ logs: [], pending: [] });
  });

  it('shows the error page in place of a route tree whose render failed, and logs it for the server', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Layout(): never {
      throw new Error('layout state missing');
    }
    const { rerender } = render(
      <RouteErrorBoundary at="/dashboard">
        <Layout />
      </RouteErrorBoundary>,
    );
    expect(await screen.findByTestId('page-error')).toBeTruthy();
    expect(screen.getByText('layout state missing')).toBeTruthy();
    // kept for the error log page and the next report, with the component that failed
    const { logs, pending } = useErrorLog.getState();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ kind: 'render', message: 'Error: layout state missing' });
    expect(logs[0]!.stack).toContain('Layout');
    expect(pending).toHaveLength(1);

    // the next navigation renders the tree again
    rerender(
      <RouteErrorBoundary at="/power_station/power_station_list">
        <p>plant list</p>
      </RouteErrorBoundary>,
    );
    expect(screen.getByText('plant list')).toBeTruthy();
    expect(screen.queryByTestId('page-error')).toBeNull();
  });
});
