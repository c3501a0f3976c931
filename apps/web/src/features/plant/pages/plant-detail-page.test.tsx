import type { PlantDetail } from '@pv/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { sendLive, stubEventSource } from '@/test-event-source';
import { renderWithProviders, signedInWith } from '@/test-utils';
import PlantDetailPage from './plant-detail-page';
import { mockFetch, respond } from '@/test-fetch';
import { aFaultRow, aProfile } from '@/test-fixtures';

initI18n('en');

const detail: PlantDetail = {
  id: 7,
  name: 'Berlin1',
  capacityKw: 8,
  country: 'DE',
  timeZone: 'Europe/Berlin',
  address: 'Hauptstr. 1',
  installedAt: Date.UTC(2025, 2, 14, 9),
  dataUpdatedAt: Date.UTC(2026, 10, 23, 10, 15),
  ownerId: 3,
  ownerName: 'Chen Jing',
  installerOrgId: 4,
  installerName: 'Green Roof',
  orgId: 2,
  orgName: 'SunPath',
  power: 3250,
  energyToday: 12.5,
  energyMonth: 240,
  energyYear: 2400,
  energyTotal: 12_345,
  status: 'online',
  devices: 3,
  devicesOnline: 2,
  openFaults: 1,
  favourite: false,
  installPosition: 'balcony',
  installCapacityWp: 8000,
  latitude: 52.5,
  longitude: 13.4,
  createdAt: Date.UTC(2025, 0, 1),
  powerCompanyId: null,
  priceArea: null,
  currency: null,
  revenueToday: null,
  revenueTotal: null,
  owner: { id: 3, name: 'Chen Jing', nickname: 'chen', email: 'c***@example.com', phone: '138****5678', address: null },
  weather: { temperature: 21.5, humidity: 55, windSpeed: 3.2, airPressure: null, at: Date.UTC(2026, 10, 23, 10, 15) },
  energyFlow: { pv: 3250, battery: -400, batterySoc: 61, grid: null, load: null },
  specificYield: 1.5625,
  performanceRatio: 0.823,
  performanceRatioNote: null,
  access: 'org',
};
const devices = {
  rows: [
    {
      id: 41,
      sn: 'INV-041',
      name: 'Roof inverter',
      type: 'inverter',
      parentSn: null,
      onlineState: 'online',
      runState: 'run',
      lastOnlineAt: Date.UTC(2026, 10, 23, 10, 14),
      power: 3250,
    },
    {
      id: 42,
      sn: 'BAT-042',
      name: 'Battery',
      type: 'battery',
      parentSn: 'COL-1',
      onlineState: 'offline',
      runState: 'failure',
      lastOnlineAt: null,
      power: null,
    },
  ],
  total: 2,
};
const faults = {
  rows: [
    aFaultRow({
      id: 5,
      deviceId: 42,
      sn: 'BAT-042',
      deviceName: 'Battery',
      plantId: 7,
      plantName: 'Berlin1',
      plantTimeZone: 'Europe/Berlin',
      code: 'F07',
      title: 'Cell over temperature',
      message: 'Cell over temperature',
      state: 'unrepaired',
      openedAt: Date.UTC(2026, 10, 22, 8),
      fixedAt: null,
    }),
  ],
  total: 1,
};
const grants = [
  {
    id: 1,
    userId: 9,
    loginName: 'delta',
    nickname: 'Delta Agent',
    email: 'ops@delta.example',
    perms: ['view'],
    grantedBy: 'SunPath Agent',
    createdAt: Date.UTC(2026, 10, 1),
  },
];

let plant: PlantDetail | null;
function serve() {
  return mockFetch(({ path }) => {
    if (path === '/events/ticket') return undefined; // the fake server's own ticket
    const data =
      path === '/plants/7/devices'
        ? devices
        : path === '/plants/7/faults'
          ? faults
          : path === '/plants/7/chart'
            ? { kind: 'power', timeZone: 'Europe/Berlin', points: [] }
            : path === '/plants/7/grants'
              ? grants
              : path === '/profile'
                ? aProfile({ email: 'agent@sunpath.example' })
                : path === '/plants/7'
                  ? plant
                  : undefined;
    return data ?? respond({ code: 404, msg: 'Not found', data: null });
  });
}
/** How many times each path was asked for. */
const asked = (fetch: ReturnType<typeof serve>, path: string) =>
  fetch.mock.calls.filter(([u]) => String(u).split('?')[0] === `/photo_voltaic${path}`).length;
const renderPage = (id = 7) =>
  renderWithProviders(
    <MemoryRouter initialEntries={[`/power_station/power_station_detail?id=${id}`]}>
      <PlantDetailPage />
    </MemoryRouter>,
  );
const item = (label: string) =>
  screen
    .getByText(label, { selector: '.ant-descriptions-item-label' })
    .closest('.ant-descriptions-item')!
    .querySelector('.ant-descriptions-item-content')!.textContent;
/** The value of the statistic titled `title` (a table header may carry the same words). */
const statistic = (title: string, root: HTMLElement = document.body) =>
  within(root)
    .getAllByText(title)
    .map((e) => e.closest('.ant-statistic'))
    .find(Boolean)!
    .querySelector('.ant-statistic-content')!.textContent;

// antd's tables and tabs mount slowly on a busy machine
describe('plant detail', { timeout: 30_000 }, () => {
  beforeEach(() => {
    Cookies.set('Admin-Token', 'tok');
    stubEventSource();
    plant = detail;
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    Cookies.remove('Admin-Token');
  });

  it('shows the facts, the production, the weather, the performance and the energy flow of the answer', async () => {
    signedInWith('plant:list');
    serve();
    renderPage();
    expect((await screen.findByTestId('plant-detail-name', {}, { timeout: 20_000 })).textContent).toBe('Berlin1');
    // one capacity in one unit, three significant digits (it read "8 kWp" beside "8000 Wp")
    expect(item('Capacity')).toBe('8.00 kWp');
    expect(item('Install capacity')).toBe('8.00 kWp');
    expect(item('Country / time zone')).toBe('DE / Europe/Berlin');
    expect(item('Address')).toBe('Hauptstr. 1');
    expect(item('Coordinates')).toBe('52.5, 13.4');
    expect(item('Install position')).toBe('Balcony');
    // dates in the plant's own time zone (Berlin: UTC+1 in November)
    expect(item('Installation time')).toBe('2025-03-14');
    // a time carries its zone (issue 42): the header's zone, named here too
    expect(item('Data update time')).toBe('2026-11-23 11:15:00 UTC+1');
    expect(item('Owner')).toBe('Chen Jing · 138****5678 · c***@example.com');
    expect(item('Installer')).toBe('Green Roof');
    expect(item('Organisation')).toBe('SunPath');
    expect(item('Devices online')).toBe('2 / 3');
    expect(statistic('Production power')).toBe('3.25 kW');
    expect(statistic('Daily production')).toBe('12.5 kWh');
    expect(statistic('Total production')).toBe('12.3 MWh');
    const weather = screen.getByTestId('plant-weather');
    expect(statistic('Temperature', weather)).toBe('21.5 °C');
    expect(statistic('Humidity', weather)).toBe('55%');
    expect(statistic('Wind speed', weather)).toBe('3.2 m/s');
    expect(statistic('Air pressure', weather)).toBe('—');
    expect(statistic('Specific yield')).toBe('1.56 kWh/kWp');
    expect(statistic('Performance ratio')).toBe('82.3%');
    // the parts of the flow that have devices: PV producing, the battery charging
    expect(screen.getByTestId('flow-pv').textContent).toContain('Producing');
    expect(screen.getByTestId('flow-battery').textContent).toContain('Charging · SOC 61%');
    expect(screen.queryByTestId('flow-grid')).toBeNull();
  });

  it('lists the devices, then the faults, and offers the authorised users only to those allowed', async () => {
    signedInWith('plant:list,plant:update,plant:authorize');
    const fetch = serve();
    renderPage();
    expect(await screen.findByTestId('plant-device-INV-041', {}, { timeout: 20_000 })).toBeTruthy();
    const row = screen.getByTestId('plant-device-BAT-042').closest('tr')!;
    expect(within(row).getAllByText('Battery')).toHaveLength(2); // its name and its type
    expect(within(row).getByText('COL-1')).toBeTruthy();
    expect(within(row).getByText('Offline')).toBeTruthy();
    expect(within(row).getByText('Failure')).toBeTruthy();
    expect(within(screen.getByTestId('plant-device-INV-041').closest('tr')!).getByText('3.25 kW')).toBeTruthy();
    expect(fetch.mock.calls.some(([u]) => u === '/photo_voltaic/plants/7/devices?pageNum=1&pageSize=10')).toBe(true);
    fireEvent.click(screen.getByRole('tab', { name: 'Faults' }));
    expect(await screen.findByText('Cell over temperature')).toBeTruthy();
    expect(screen.getByText('F07')).toBeTruthy();
    expect(screen.getByText('Unrepaired')).toBeTruthy();
    expect(screen.getByTestId('plant-detail-edit')).toBeTruthy();
    fireEvent.click(screen.getByTestId('plant-tab-grants'));
    expect(await screen.findByText('Delta Agent (delta)', {}, { timeout: 20_000 })).toBeTruthy();
    cleanup();

    // without plant:authorize, or for a plant seen through a grant: no authorised users, no edit
    signedInWith('plant:list,plant:update');
    serve();
    renderPage();
    await screen.findByTestId('plant-detail-name', {}, { timeout: 20_000 });
    expect(screen.queryByTestId('plant-tab-grants')).toBeNull();
    cleanup();
    plant = { ...detail, access: 'grant' };
    signedInWith('plant:list,plant:update,plant:authorize');
    serve();
    renderPage();
    await screen.findByTestId('plant-detail-name', {}, { timeout: 20_000 });
    expect(screen.getByText('Shared with you')).toBeTruthy();
    expect(screen.queryByTestId('plant-tab-grants')).toBeNull();
    expect(screen.queryByTestId('plant-detail-edit')).toBeNull();
  });

  it('says so when the plant is not there (or not in the scope)', async () => {
    signedInWith('plant:list');
    plant = null;
    serve();
    renderPage();
    expect(
      await screen.findByText('This plant does not exist or is not in your scope', {}, { timeout: 20_000 }),
    ).toBeTruthy();
  });

  it("reads the plant, its devices, faults and today's chart again when a live event names it, and not for another plant", async () => {
    signedInWith('plant:list');
    const fetch = serve();
    const { client } = renderPage();
    await screen.findByTestId('plant-device-INV-041', {}, { timeout: 20_000 });
    fireEvent.click(screen.getByRole('tab', { name: 'Faults' }));
    await screen.findByText('Cell over temperature');
    await waitFor(() => expect(asked(fetch, '/plants/7/chart')).toBe(1));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    const before = ['/plants/7', '/plants/7/devices', '/plants/7/faults', '/plants/7/chart'].map((p) =>
      asked(fetch, p),
    );
    expect(before).toEqual([1, 1, 1, 1]);
    sendLive({ type: 'stats', at: 1, orgIds: [2], plantIds: [8, 9], faultIds: [3] });
    sendLive({ type: 'devices', at: 2, deviceIds: [7, 41] });
    // handled as they came: no read started
    expect(client.isFetching()).toBe(0);
    expect(
      ['/plants/7', '/plants/7/devices', '/plants/7/faults', '/plants/7/chart'].map((p) => asked(fetch, p)),
    ).toEqual([1, 1, 1, 1]);
    plant = { ...detail, power: 4100 };
    sendLive({ type: 'stats', at: 3, orgIds: [], plantIds: [8, 7], faultIds: [] });
    // this one starts the reads at once (what the check above would have seen)
    expect(client.isFetching()).toBeGreaterThan(0);
    await waitFor(() =>
      expect(
        ['/plants/7', '/plants/7/devices', '/plants/7/faults', '/plants/7/chart'].map((p) => asked(fetch, p)),
      ).toEqual([2, 2, 2, 2]),
    );
    await waitFor(() => expect(statistic('Production power')).toBe('4.10 kW'));
  });
});
