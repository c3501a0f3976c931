import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { openStream, sendLive, stubEventSource } from '@/test-event-source';
import { renderWithProviders, signedInWith } from '@/test-utils';
import PlantListPage from './plant-list-page';
import { mockFetch } from '@/test-fetch';

initI18n('en');

const base = {
  country: 'DE',
  address: 'Hauptstr. 1',
  installedAt: 1795000000000,
  dataUpdatedAt: 1795000000000,
  ownerId: 1,
  installerOrgId: 2,
  installerName: 'Green Roof',
  orgId: 2,
  orgName: 'SunPath',
  energyMonth: 100,
  energyYear: 1000,
  energyTotal: 5000,
  devicesOnline: 2,
  openFaults: 0,
  installPosition: 'roof',
  installCapacityWp: 8000,
  latitude: 52,
  longitude: 13,
  createdAt: 1795000000000,
  powerCompanyId: null,
  priceArea: null,
  currency: null,
  revenueToday: null,
  revenueTotal: null,
};
const rows = [
  {
    ...base,
    id: 1,
    name: 'Berlin1',
    capacityKw: 8,
    timeZone: 'Europe/Berlin',
    ownerName: 'Chen Jing',
    power: 3200,
    energyToday: 12.5,
    status: 'online',
    devices: 3,
    favourite: false,
  },
  {
    ...base,
    id: 2,
    name: 'Madrid1',
    capacityKw: 5,
    timeZone: 'Europe/Madrid',
    ownerName: 'Maria Lopez',
    power: 0,
    energyToday: 0,
    status: 'fault',
    devices: 4,
    favourite: true,
  },
];

function serve() {
  return mockFetch(({ method }) =>
    method !== 'GET'
      ? method === 'DELETE'
        ? { unboundDevices: 3 }
        : null
      : { rows, total: 2, counts: { all: 2, online: 1, offline: 0, fault: 1 } },
  );
}

/** happy-dom's window size, which its matchMedia answers from. */
const setViewport = (width: number, height: number) =>
  (window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }).happyDOM.setViewport(
    {
      width,
      height,
    },
  );
const urls = (fetch: ReturnType<typeof serve>) => fetch.mock.calls.map(([u]) => String(u));
const renderPage = () =>
  renderWithProviders(
    <MemoryRouter>
      <PlantListPage />
    </MemoryRouter>,
  );

// antd's table is slow to mount on a busy machine: generous waits, same assertions
describe('plant list', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the rows, the spec columns and the status tab counts', async () => {
    signedInWith('plant:list');
    const fetch = serve();
    renderPage();
    expect(await screen.findByText('Berlin1', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText('3.20 kW')).toBeTruthy();
    expect(screen.getByText('12.5 kWh')).toBeTruthy();
    expect(screen.getByTestId('plant-tab-all').textContent).toBe('All (2)');
    expect(screen.getByTestId('plant-tab-fault').textContent).toBe('Fault (1)');
    expect(urls(fetch)[0]).toBe('/photo_voltaic/plants?pageNum=1&pageSize=20');
  });

  it('puts name, status, power and today first, the rest after or under the column chooser', async () => {
    localStorage.removeItem('pv.plantList.columns');
    signedInWith('plant:list');
    serve();
    renderPage();
    await screen.findByText('Berlin1', {}, { timeout: 8000 });
    const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers().slice(1, 5)).toEqual(['Plant name', 'Status', 'Production power', 'Daily production']);
    expect(headers()).toContain('Total production');
    expect(headers()).not.toContain('Country / time zone');
    expect(screen.queryByText('DE / Europe/Berlin')).toBeNull();
    fireEvent.click(screen.getByTestId('plant-columns'));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Country / time zone' }));
    expect(await screen.findByText('DE / Europe/Berlin')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Total production' }));
    await waitFor(() => expect(headers()).not.toContain('Total production'));
    // the choice is kept in this browser: the next visit shows the same columns
    cleanup();
    serve();
    renderPage();
    expect(await screen.findByText('DE / Europe/Berlin', {}, { timeout: 8000 })).toBeTruthy();
    expect(headers()).not.toContain('Total production');
    localStorage.removeItem('pv.plantList.columns');
  });

  it('shows cards with name, status, power and today instead of the table on a phone', async () => {
    signedInWith('plant:list');
    const fetch = serve();
    setViewport(390, 844);
    try {
      renderPage();
      const card = await screen.findByTestId('plant-card-1', {}, { timeout: 8000 });
      expect(document.querySelector('.ant-table')).toBeNull();
      expect(within(card).getByText('Berlin1')).toBeTruthy();
      expect(within(card).getByText('Online')).toBeTruthy();
      expect(within(card).getByText('3.20 kW')).toBeTruthy();
      expect(within(card).getByText('12.5 kWh')).toBeTruthy();
      expect(within(screen.getByTestId('plant-card-2')).getByText('Fault')).toBeTruthy();
      fireEvent.click(within(card).getByTestId('plant-star-1'));
      await waitFor(() =>
        expect(
          fetch.mock.calls.some(([u, i]) => i?.method === 'PUT' && u === '/photo_voltaic/plants/1/favourite'),
        ).toBe(true),
      );
    } finally {
      setViewport(1024, 768);
    }
    // back on a wide screen: the table again
    await waitFor(() => expect(document.querySelector('.ant-table')).not.toBeNull());
    expect(screen.queryByTestId('plant-card-1')).toBeNull();
  });

  it("adds today's revenue to the card of a plant with a tariff, none to one without", async () => {
    signedInWith('plant:list');
    const priced = {
      ...rows[0]!,
      powerCompanyId: 1,
      priceArea: 'Berlin',
      currency: 'EUR',
      revenueToday: 1234,
      revenueTotal: 99000,
    };
    const unpriced = {
      ...rows[1]!,
      powerCompanyId: null,
      priceArea: null,
      currency: null,
      revenueToday: null,
      revenueTotal: null,
    };
    mockFetch(({ method }) =>
      method === 'GET'
        ? { rows: [priced, unpriced], total: 2, counts: { all: 2, online: 1, offline: 0, fault: 1 } }
        : null,
    );
    setViewport(390, 844);
    try {
      renderPage();
      const card = await screen.findByTestId('plant-card-1', {}, { timeout: 8000 });
      expect(within(card).getByText('Revenue today')).toBeTruthy();
      expect(within(card).getByText('€12.34')).toBeTruthy();
      expect(within(screen.getByTestId('plant-card-2')).queryByText('Revenue today')).toBeNull();
    } finally {
      setViewport(1024, 768);
    }
  });

  it('hides create, edit, delete and export without the permissions, and shows them with', async () => {
    signedInWith('plant:list');
    serve();
    renderPage();
    await screen.findByText('Berlin1', {}, { timeout: 8000 });
    for (const id of ['plant-create', 'plant-export', 'plant-edit-1', 'plant-delete-1'])
      expect(screen.queryByTestId(id)).toBeNull();
    cleanup();
    signedInWith('plant:list,plant:create,plant:update,plant:delete,plant:export');
    serve();
    renderPage();
    await screen.findByText('Berlin1', {}, { timeout: 8000 });
    for (const id of ['plant-create', 'plant-export', 'plant-edit-1', 'plant-delete-1'])
      expect(screen.getByTestId(id)).toBeTruthy();
  });

  it('says what to do when the list is empty: create a plant, or reset filters that match nothing', async () => {
    signedInWith('plant:list,plant:create');
    const fetch = mockFetch(() => ({ rows: [], total: 0, counts: { all: 0, online: 0, offline: 0, fault: 0 } }));
    renderPage();
    const empty = await screen.findByTestId('plant-empty', {}, { timeout: 8000 });
    expect(empty.textContent).toContain('No plants yet');
    expect(within(empty).getByTestId('plant-empty-create')).toBeTruthy();
    fireEvent.click(screen.getByTestId('plant-tab-fault'));
    await waitFor(() => expect(urls(fetch)).toContain('/photo_voltaic/plants?pageNum=1&pageSize=20&status=fault'));
    await waitFor(() =>
      expect(screen.getByTestId('plant-empty').textContent).toContain('No plant matches these filters'),
    );
    expect(screen.queryByTestId('plant-empty-create')).toBeNull();
  });

  it("reads one customer's plants from the URL (?ownerId=) and names the owner in a tag that clears it", async () => {
    signedInWith('plant:list');
    const fetch = serve();
    renderWithProviders(
      <MemoryRouter initialEntries={['/power_station/power_station_list?ownerId=7']}>
        <PlantListPage />
      </MemoryRouter>,
    );
    await screen.findByText('Berlin1', {}, { timeout: 8000 });
    expect(urls(fetch).filter((u) => u.startsWith('/photo_voltaic/plants?'))).toEqual([
      '/photo_voltaic/plants?ownerId=7&pageNum=1&pageSize=20',
    ]);
    const tag = screen.getByTestId('plant-owner-filter');
    expect(tag.textContent).toContain('Owner: Chen Jing');
    fireEvent.click(tag.querySelector('.ant-tag-close-icon')!);
    await waitFor(() => expect(screen.queryByTestId('plant-owner-filter')).toBeNull());
    await waitFor(() => expect(urls(fetch).at(-1)).toBe('/photo_voltaic/plants?pageNum=1&pageSize=20'));
  });

  it('offers no create button in the empty state without plant:create', async () => {
    signedInWith('plant:list');
    mockFetch(() => ({ rows: [], total: 0, counts: { all: 0, online: 0, offline: 0, fault: 0 } }));
    renderPage();
    expect((await screen.findByTestId('plant-empty', {}, { timeout: 8000 })).textContent).toContain('No plants yet');
    expect(screen.queryByTestId('plant-empty-create')).toBeNull();
  });

  it('asks the server for a status tab, favourites only and a sorted column', async () => {
    signedInWith('plant:list');
    const fetch = serve();
    renderPage();
    await screen.findByText('Berlin1', {}, { timeout: 8000 });
    fireEvent.click(screen.getByTestId('plant-tab-fault'));
    await waitFor(() => expect(urls(fetch)).toContain('/photo_voltaic/plants?pageNum=1&pageSize=20&status=fault'));
    fireEvent.click(screen.getByTestId('plant-favourites-only'));
    await waitFor(() =>
      expect(urls(fetch)).toContain('/photo_voltaic/plants?pageNum=1&pageSize=20&status=fault&favourite=1'),
    );
    fireEvent.click(screen.getAllByText('Production power')[0]!.closest('th')!);
    await waitFor(() => expect(urls(fetch).some((u) => u.includes('sortField=power&sortOrder=ascend'))).toBe(true));
  });

  it('stars a plant and deletes one only after the confirmation that says its devices are unbound', async () => {
    signedInWith('plant:list,plant:delete');
    const fetch = serve();
    renderPage();
    fireEvent.click(await screen.findByTestId('plant-star-1', {}, { timeout: 8000 }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([u, i]) => i?.method === 'PUT' && u === '/photo_voltaic/plants/1/favourite')).toBe(
        true,
      ),
    );
    const put = fetch.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(JSON.parse(put[1]!.body as string)).toEqual({ favourite: true });
    fireEvent.click(screen.getByTestId('plant-delete-2'));
    const text = await screen.findByText(
      'Its 4 devices are unbound and keep all their data; favourites and authorised users of the plant are removed.',
    );
    expect(fetch.mock.calls.some(([, i]) => i?.method === 'DELETE')).toBe(false);
    fireEvent.click(
      within(text.closest('.ant-popover') as HTMLElement)
        .getAllByRole('button')
        .at(-1)!,
    );
    await waitFor(() =>
      expect(fetch.mock.calls.some(([u, i]) => i?.method === 'DELETE' && u === '/photo_voltaic/plants/2')).toBe(true),
    );
  });

  it('reads the page again when a live event names one of its plants, not for plants elsewhere', async () => {
    Cookies.set('Admin-Token', 'tok');
    stubEventSource();
    try {
      signedInWith('plant:list');
      const fetch = serve();
      const { client } = renderPage();
      await screen.findByText('Berlin1', {}, { timeout: 8000 });
      await waitFor(() => expect(client.isFetching()).toBe(0));
      const lists = () => urls(fetch).filter((u) => u.startsWith('/photo_voltaic/plants?')).length;
      expect(lists()).toBe(1);
      expect(openStream().url).toBe('/photo_voltaic/events?ticket=ticket-1');
      sendLive({ type: 'stats', at: 1, orgIds: [2], plantIds: [3, 4], faultIds: [] });
      sendLive({ type: 'devices', at: 2, deviceIds: [1, 2] });
      // handled as they came: no read started
      expect(client.isFetching()).toBe(0);
      expect(lists()).toBe(1);
      sendLive({ type: 'stats', at: 3, orgIds: [2], plantIds: [4, 2], faultIds: [] });
      // this one starts a read at once (what the check above would have seen)
      expect(client.isFetching()).toBeGreaterThan(0);
      await waitFor(() => expect(lists()).toBe(2));
      await waitFor(() => expect(client.isFetching()).toBe(0));
      // a burst within the throttle window: no more than one more read, later
      sendLive({ type: 'stats', at: 4, orgIds: [2], plantIds: [1], faultIds: [] });
      sendLive({ type: 'stats', at: 5, orgIds: [2], plantIds: [2], faultIds: [] });
      expect(client.isFetching()).toBe(0);
      expect(lists()).toBe(2);
    } finally {
      Cookies.remove('Admin-Token');
    }
  });
});
