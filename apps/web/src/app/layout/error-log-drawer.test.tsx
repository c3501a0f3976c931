import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { useErrorLog } from '@/stores/error-log';
import { mockFetch } from '@/test-fetch';
import { renderWithProviders, signedInWith, withUserZone } from '@/test-utils';
import { ErrorLogDrawer } from './error-log-drawer';

initI18n('en');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useErrorLog.setState({ logs: [], pending: [] });
});

describe('the error log drawer', () => {
  it("writes when each error happened in the user's zone, the zone named (issue 42)", async () => {
    signedInWith('');
    withUserZone('America/Los_Angeles');
    mockFetch();
    useErrorLog.setState({
      logs: [
        // 06:00 UTC is 22:00 the evening before in Los Angeles; it read "2026-01-15 14:00:00" (Asia/Shanghai, unnamed)
        {
          key: 1,
          kind: 'request',
          message: 'Request failed',
          route: '/plant/list',
          at: Date.parse('2026-01-15T06:00:00Z'),
        },
      ],
    });
    renderWithProviders(<ErrorLogDrawer open onClose={() => {}} />);
    const time = await screen.findByText(/2026-01-14 22:00:00/, undefined, { timeout: 8000 });
    expect(time.closest('.zoned-time')?.textContent).toBe('2026-01-14 22:00:00 PST');
  });
});
