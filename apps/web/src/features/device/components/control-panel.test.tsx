import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { renderWithProviders } from '@/test-utils';
import { ControlPanel } from './control-panel';
import { mockFetch, respond } from '@/test-fetch';

initI18n('en');

function serve() {
  return mockFetch(() =>
    respond({
      code: 200,
      msg: 'Push Success',
      data: {
        id: 1,
        cmdId: 'c',
        kind: 'control',
        params: {},
        status: 'processing',
        ackContent: null,
        source: 'console',
        sentBy: 'admin',
        createdAt: 1,
        updatedAt: 1,
      },
    }),
  );
}

describe('control panel', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('refuses overlapping periods with the §5 message and pushes nothing', async () => {
    const fetch = serve();
    renderWithProviders(<ControlPanel deviceId={5} />);
    fireEvent.change(screen.getByTestId('control-power'), { target: { value: '3000' } });
    fireEvent.click(screen.getByTestId('period-add'));
    fireEvent.click(screen.getByTestId('period-add'));
    fireEvent.change(screen.getByTestId('period-start-0'), { target: { value: '08:00' } });
    fireEvent.change(screen.getByTestId('period-end-0'), { target: { value: '12:00' } });
    fireEvent.change(screen.getByTestId('period-start-1'), { target: { value: '11:00' } });
    fireEvent.change(screen.getByTestId('period-end-1'), { target: { value: '13:00' } });
    fireEvent.click(screen.getByTestId('control-push'));
    expect(await screen.findByTestId('control-error')).toBeTruthy();
    expect(screen.getAllByText('Time period setting and power setting must be correct').length).toBeGreaterThan(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses PCS charge without a power', async () => {
    const fetch = serve();
    renderWithProviders(<ControlPanel deviceId={5} />);
    fireEvent.click(screen.getByTestId('control-push'));
    expect(await screen.findByTestId('control-error')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('pushes a valid command and says "Push Success"', async () => {
    const fetch = serve();
    renderWithProviders(<ControlPanel deviceId={5} />);
    fireEvent.change(screen.getByTestId('control-power'), { target: { value: '3000' } });
    fireEvent.click(screen.getByTestId('period-add'));
    fireEvent.change(screen.getByTestId('period-start-0'), { target: { value: '08:00' } });
    fireEvent.change(screen.getByTestId('period-end-0'), { target: { value: '12:00' } });
    fireEvent.click(screen.getByTestId('control-push'));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/photo_voltaic/devices/5/commands');
    expect(JSON.parse(init.body as string)).toEqual({
      kind: 'control',
      params: { target: 'pcs', mode: 'charge', power: 3000, periods: [{ start: '08:00', end: '12:00' }] },
    });
    expect(await screen.findByText('Push Success')).toBeTruthy();
  });
});
