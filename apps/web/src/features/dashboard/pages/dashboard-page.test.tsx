import type { DashboardData } from '@pv/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { FakeEventSource, stubEventSource } from '@/test-event-source';
import { rememberUserZone } from '@/lib/time-zone';
import { useSession } from '@/stores/session';
import { renderWithProviders, signedInWith } from '@/test-utils';
import DashboardPage from './dashboard-page';
import { mockFetch } from '@/test-fetch';

initI18n('en');

const kpi = {
  plants: 1234,
  capacityKwp: 40,
  powerW: 12_500.5,
  energyToday: 80,
  energyMonth: 900,
  energyYear: 9000,
  energyTotal: 34_000,
  plantsOnline: 2,
  plantsOffline: 1,
  plantsFault: 1,
  devicesOffline: 2,
  faults: 3,
  co2Kg: 16_150,
  equivalentHours: 2,
  updatedAt: Date.UTC(2026, 10, 23, 4, 5, 6),
};
const answer = (over: Partial<DashboardData['kpi']> = {}): DashboardData => ({
  kpi: { ...kpi, ...over },
  power: [[Date.UTC(2026, 10, 23, 4, 0), 12_000]],
  daily: [['2026-11-01', 10]],
  monthly: [['2026-11', 900]],
  top: [{ id: 1, name: 'Sun roof', capacityKwp: 10, energyKwh: 300, yieldKwhPerKwp: 30 }],
});

describe('dashboard page', () => {
  let answers: DashboardData[];
  let fetch: ReturnType<typeof mockFetch>;
  /** the dashboard's own requests (the fleet's revenue is read beside them, and again on the same events) */
  const dashboardCalls = () => fetch.mock.calls.filter(([u]) => String(u).includes('/dashboard?'));
  beforeEach(() => {
    Cookies.set('Admin-Token', 'tok');
    stubEventSource();
    answers = [answer(), answer({ powerW: 15_250, plantsOnline: 3 })];
    // the fleet's revenue is its own request (one entry per currency); every other is the dashboard's
    fetch = mockFetch((req) =>
      req.path === '/revenue/fleet'
        ? [
            { currency: 'CNY', today: 1234, month: 56_789, year: 1_000_000, total: 2_000_000, plants: 6 },
            { currency: 'EUR', today: 1098, month: 35_276, year: 102_984, total: 102_984, plants: 4 },
          ]
        : req.path === '/events/ticket'
          ? undefined // the fake server's own ticket
          : (answers.shift() ?? answer({ powerW: 1 })),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    Cookies.remove('Admin-Token');
  });

  it('shows the KPIs with three significant digits and their units, and asks for the browser time zone', async () => {
    renderWithProviders(<DashboardPage />);
    // until the revenue arrives, a row of placeholders holds its place (nothing below jumps)
    expect(screen.getByTestId('dashboard-revenue-table-loading').textContent).toBe('——————');
    const power = await screen.findByTestId('kpi-power');
    await waitFor(() => expect(power.textContent).toContain('12.5kW'), { timeout: 8000 });
    expect(screen.getByTestId('kpi-today').textContent).toContain('80.0kWh');
    // a fleet of many zones: "today" is said to be each plant's own, on the figure and the revenue
    expect(screen.getByTestId('kpi-today-local').textContent).toBe("Sum of each plant's local today");
    expect(screen.getByTestId('kpi-capacity').textContent).toContain('40.0kWp');
    expect(screen.getByTestId('kpi-plants').textContent).toContain('1,234');
    expect(screen.getByTestId('kpi-total').textContent).toContain('34.0MWh');
    // revenue a currency to a row, never added up: currency, plants, today, month, year, total
    const cells = async (currency: string) =>
      [...(await screen.findByTestId(`dashboard-revenue-${currency}`)).querySelectorAll('td')].map(
        (td) => td.textContent,
      );
    expect(await cells('EUR')).toEqual(['EUR', '4', '€10.98', '€352.76', '€1,029.84', '€1,029.84']);
    expect(await cells('CNY')).toEqual(['CNY', '6', 'CN¥12.34', 'CN¥567.89', 'CN¥10,000.00', 'CN¥20,000.00']);
    expect(screen.queryByTestId('dashboard-revenue-table-loading')).toBeNull();
    expect(screen.getByTestId('dashboard-revenue-today-note').textContent).toBe(
      "Today: the sum of each plant's local today, as in production today.",
    );
    expect(screen.getByTestId('kpi-co2').textContent).toContain('16.2t');
    expect(screen.getByTestId('kpi-hours').textContent).toContain('2.00h');
    expect(within(screen.getByTestId('kpi-status')).getByTestId('kpi-fault-plants').textContent).toBe('Fault 1');
    expect(screen.getByTestId('kpi-devicesOffline').textContent).toContain('Devices offline (last 3 days)2');
    expect(screen.getByTestId('kpi-faults').textContent).toContain('Faults (last 30 days)3');
    const url = String(dashboardCalls()[0]![0]);
    expect(url).toMatch(/^\/photo_voltaic\/dashboard\?tz=/);
  });

  it('opens the event stream with a ticket and refetches when a live event arrives', async () => {
    const { client } = renderWithProviders(<DashboardPage />);
    const power = await screen.findByTestId('kpi-power');
    await waitFor(() => expect(power.textContent).toContain('12.5kW'), { timeout: 8000 });
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(FakeEventSource.instances[0]!.url).toBe('/photo_voltaic/events?ticket=ticket-1');
    act(() =>
      FakeEventSource.instances[0]!.emit('stats', { type: 'stats', at: 1, orgIds: [1], plantIds: [], faultIds: [] }),
    );
    await waitFor(() => expect(power.textContent).toContain('15.3kW'));
    expect(screen.getByTestId('kpi-status').textContent).toContain('3');
    expect(dashboardCalls()).toHaveLength(2);
    await waitFor(() => expect(client.isFetching()).toBe(0));
    // a burst of events within the throttle window makes at most one more refetch, later
    act(() => {
      for (let i = 0; i < 5; i++)
        FakeEventSource.instances[0]!.emit('stats', {
          type: 'stats',
          at: 2 + i,
          orgIds: [1],
          plantIds: [],
          faultIds: [],
        });
    });
    // handled as they came: no read started now (the first event above started one at once)
    expect(client.isFetching()).toBe(0);
    expect(dashboardCalls()).toHaveLength(2);
  });

  it('closes the stream when the page goes away', async () => {
    const view = renderWithProviders(<DashboardPage />);
    await screen.findByTestId('kpi-power');
    const source = FakeEventSource.instances[0]!;
    view.unmount();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });

  it("says when the figures were updated on the fleet's clock, the zone named (issue 42)", async () => {
    signedInWith('');
    rememberUserZone('Asia/Tokyo');
    try {
      renderWithProviders(<DashboardPage />);
      // 04:05:06 UTC is 13:05:06 in Tokyo
      await waitFor(() => expect(screen.getByTestId('dashboard-updated').textContent).toBe('Updated 13:05:06 UTC+9'), {
        timeout: 8000,
      });
    } finally {
      useSession.setState({ token: undefined, info: null });
    }
  });
});
