import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { renderWithProviders, signedInWith } from '@/test-utils';
import DeviceListPage from './device-list-page';
import { mockFetch } from '@/test-fetch';

initI18n('en');

const base = {
  productId: 1,
  productName: 'SunWave 5K',
  orgId: 2,
  orgName: 'SunPath',
  mac: null,
  commMode: 'mqtt',
  hwVersion: 'H1',
  swVersion: 'S2',
  protocolVersion: 'P1',
  lastOnlineAt: 1795000000000,
  points: null,
  parentSn: null,
  subCount: 0,
  runState: 'normal',
  onlineState: 'online',
};
const rows = [
  { ...base, id: 1, sn: 'INV-001', name: 'Roof inverter', type: 'inverter', plantId: 7, plantName: 'Hangzhou Roof' },
  { ...base, id: 2, sn: 'COL-001', name: 'Gateway', type: 'collector', plantId: null, plantName: null, subCount: 3 },
];

function serve(list: object[] = rows) {
  return mockFetch(({ method, url }) =>
    method !== 'GET'
      ? null
      : url.startsWith('/photo_voltaic/options/orgs')
        ? [{ id: 2, parentId: null, name: 'SunPath' }]
        : url.startsWith('/photo_voltaic/options/products')
          ? [{ id: 1, name: 'SunWave 5K', code: 'SW5K', type: 'inverter' }]
          : url.startsWith('/photo_voltaic/devices')
            ? { rows: list, total: list.length }
            : null,
  );
}

const renderPage = () =>
  renderWithProviders(
    <MemoryRouter>
      <DeviceListPage />
    </MemoryRouter>,
  );
const writes = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET');

// antd's first render of a full table is slow on a busy machine
describe('device list', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the columns of a device: SN, product, type, states, versions, plant, sub devices', async () => {
    signedInWith('device:list');
    serve();
    renderPage();
    expect(await screen.findByText('INV-001')).toBeTruthy();
    expect(screen.getByText('Hangzhou Roof')).toBeTruthy();
    expect(screen.getByText('3 sub devices')).toBeTruthy();
    expect(screen.getByText('2 devices')).toBeTruthy();
    // no buttons without their permissions
    expect(screen.queryByTestId('device-delete')).toBeNull();
    expect(screen.queryByTestId('device-unbind-INV-001')).toBeNull();
    expect(screen.queryByTestId('device-export')).toBeNull();
  });

  // issue 42: at 1440 px the list's last columns slid under the fixed actions column
  it('shows the versions and the communication mode on a wide screen (1600 px and up) only', async () => {
    signedInWith('device:list');
    serve();
    renderPage();
    expect(await screen.findByText('INV-001')).toBeTruthy();
    expect(screen.queryByText('H1 / S2 / P1')).toBeNull();
    cleanup();
    // a 1600 px screen: every min-width query up to 1600 matches
    const matchMedia = window.matchMedia.bind(window);
    vi.stubGlobal('matchMedia', (q: string) => {
      const min = /min-width:\s*(\d+)px/.exec(q);
      return min ? { ...matchMedia(q), matches: Number(min[1]) <= 1600, media: q } : matchMedia(q);
    });
    serve();
    renderPage();
    expect(await screen.findByText('INV-001')).toBeTruthy();
    expect(await screen.findAllByText('H1 / S2 / P1')).toHaveLength(2);
  });

  it('offers the product and organisation filters from the scoped option lists, never the admin lists', async () => {
    signedInWith('device:list');
    const fetch = serve();
    renderPage();
    await screen.findByText('INV-001');
    // the filters are offered once their options have come
    expect(await screen.findByLabelText('Product')).toBeTruthy();
    expect(await screen.findByLabelText('Organisation')).toBeTruthy();
    const asked = fetch.mock.calls.map(([url]) => String(url).split('?')[0]);
    expect(asked).toContain('/photo_voltaic/options/products');
    expect(asked).toContain('/photo_voltaic/options/orgs');
    expect(asked.filter((u) => u === '/photo_voltaic/products' || u === '/photo_voltaic/orgs')).toEqual([]);
  });

  it('shows no Actions column to a role without a row action, and one with any of them', async () => {
    signedInWith('device:list');
    serve();
    renderPage();
    await screen.findByText('INV-001');
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    cleanup();
    signedInWith('device:list,device:bind');
    serve();
    renderPage();
    await screen.findByText('INV-001');
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
    expect(screen.getByTestId('device-bind-COL-001')).toBeTruthy();
  });

  it('on a phone, shows a card per device: name and SN, its states, its power as a word and today', async () => {
    // the phone's width: the query the list asks, matched; antd's own queries answered as before
    const matchMedia = window.matchMedia.bind(window);
    const phone = {
      matches: true,
      media: '(max-width: 575px)',
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    };
    vi.stubGlobal('matchMedia', (q: string) => (q === phone.media ? phone : matchMedia(q)));
    signedInWith('device:list,device:update');
    serve([
      { ...rows[0], points: { acPower: 3180, energyToday: 13.385 } },
      {
        ...base,
        id: 8,
        sn: 'BAT-001',
        name: 'Garage battery',
        type: 'battery',
        plantId: 7,
        plantName: 'Hangzhou Roof',
        points: { batteryPower: -1300, batterySoc: 74.5 },
      },
    ]);
    renderPage();
    const card = await screen.findByTestId('device-card-INV-001');
    expect(within(card).getByText('Roof inverter')).toBeTruthy();
    expect(within(card).getByText('INV-001 · Inverter')).toBeTruthy();
    expect(within(card).getByText('Online')).toBeTruthy();
    expect(within(card).getByTestId('device-card-power-INV-001').textContent).toBe('Producing3.18 kW');
    expect(within(card).getByTestId('device-card-today-INV-001').textContent).toMatch(/13\.4 kWh$/);
    // a battery's power is a direction, never a minus sign
    expect(screen.getByTestId('device-card-power-BAT-001').textContent).toBe('Charging1.30 kW');
    expect(within(card).getByTestId('device-edit-INV-001')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says what to do next when empty: add the first device, or clear the filters that hide them', async () => {
    signedInWith('device:list,device:create');
    serve([]);
    renderPage();
    const empty = await screen.findByTestId('device-empty');
    expect(within(empty).getByText('No devices yet')).toBeTruthy();
    expect(within(empty).getByTestId('device-empty-create').textContent).toContain('Add a device');
    fireEvent.change(screen.getByTestId('filter-sn'), { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByTestId('device-search'));
    expect(await screen.findByText('No device matches these filters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear the filters' }));
    expect(await screen.findByText('No devices yet')).toBeTruthy();
  });

  it('asks for a device before deleting and deletes nothing (spec §5)', async () => {
    signedInWith('device:list,device:delete');
    const fetch = serve();
    renderPage();
    await screen.findByText('INV-001');
    fireEvent.click(screen.getByTestId('device-delete'));
    expect(await screen.findByText('A device must be chosen before deleting')).toBeTruthy();
    expect(writes(fetch)).toHaveLength(0);
  });

  it('deletes the chosen devices only after the confirmation that names the plant binding', async () => {
    signedInWith('device:list,device:delete');
    const fetch = serve();
    renderPage();
    await screen.findByText('INV-001');
    const row = screen.getByText('INV-001').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('device-delete'));
    const text = await screen.findByText(/plant binding, sub devices and data are removed too/);
    // one device chosen: the singular (issue 42), not "the 1 chosen devices"
    expect(text.textContent).toMatch(/^Delete the chosen device\? Its plant binding/);
    expect(writes(fetch)).toHaveLength(0);
    const dialog = text.closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(writes(fetch).map(([url, init]) => `${init!.method} ${String(url)}`)).toEqual([
        'DELETE /photo_voltaic/devices/1',
      ]),
    );
    expect(await screen.findByText('Deleted Success')).toBeTruthy();
  });

  // spec §8: "device deletion that also removes its bound plant"
  describe('with the bound plants', () => {
    const more = [
      ...rows,
      {
        ...base,
        id: 3,
        sn: 'INV-002',
        name: 'Carport inverter',
        type: 'inverter',
        plantId: 7,
        plantName: 'Hangzhou Roof',
      },
      {
        ...base,
        id: 4,
        sn: 'COL-002',
        name: 'Barn logger',
        type: 'collector',
        plantId: 9,
        plantName: 'Ningbo Barn',
        subCount: 1,
      },
      {
        ...base,
        id: 5,
        sn: 'SUB-001',
        name: 'Barn string',
        type: 'inverter',
        plantId: 9,
        plantName: 'Ningbo Barn',
        parentSn: 'COL-002',
      },
      {
        ...base,
        id: 6,
        sn: 'SUB-002',
        name: 'Lone string',
        type: 'inverter',
        plantId: 11,
        plantName: 'Sub Only Plant',
        parentSn: 'COL-009',
      },
    ];
    /** The page with its own query client, holding a plant list and a dashboard answer the deletion makes stale. */
    const renderWithClient = () => {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      client.setQueryData(['plants', 'list', {}], { rows: [], total: 0 });
      client.setQueryData(['dashboard', 'Asia/Shanghai'], {});
      render(
        <QueryClientProvider client={client}>
          <App>
            <MemoryRouter>
              <DeviceListPage />
            </MemoryRouter>
          </App>
        </QueryClientProvider>,
      );
      return client;
    };
    const choose = async (...sns: string[]) => {
      await screen.findByText('INV-001');
      for (const sn of sns)
        fireEvent.click(within(screen.getByText(sn).closest('tr') as HTMLElement).getByRole('checkbox'));
      fireEvent.click(screen.getByTestId('device-delete'));
      return (await screen.findByText(/plant binding, sub devices and data are removed too/)).closest(
        '.ant-modal',
      ) as HTMLElement;
    };
    const deletes = (fetch: ReturnType<typeof serve>) =>
      writes(fetch).map(([url, init]) => `${init!.method} ${String(url)}`);

    it('lists the plants once and, checked, sends the flag for each device that is not a sub device (sub devices first)', async () => {
      signedInWith('device:list,device:delete,plant:delete');
      const fetch = serve(more);
      const client = renderWithClient();
      const dialog = await choose('INV-001', 'INV-002', 'COL-002', 'SUB-001', 'COL-001');
      // two devices of Hangzhou Roof, one plant named once; the sub device's plant is its collector's
      const listed = within(dialog).getByTestId('delete-bound-plants');
      expect(
        within(listed)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Hangzhou Roof', 'Ningbo Barn']);
      const box = within(dialog).getByRole('checkbox', { name: 'Also delete the 2 bound plants' }) as HTMLInputElement;
      expect(box.checked).toBe(false);
      expect(within(dialog).getByText(/Its other devices are unbound and kept with all their data/)).toBeTruthy();
      fireEvent.click(box);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(deletes(fetch)).toHaveLength(5));
      expect(deletes(fetch)).toEqual([
        'DELETE /photo_voltaic/devices/5',
        'DELETE /photo_voltaic/devices/1?withPlant=true',
        'DELETE /photo_voltaic/devices/3?withPlant=true',
        'DELETE /photo_voltaic/devices/4?withPlant=true',
        'DELETE /photo_voltaic/devices/2?withPlant=true',
      ]);
      expect(await screen.findByText('Deleted Success')).toBeTruthy();
      // the plant list and the dashboard are read again
      await waitFor(() => expect(client.getQueryState(['plants', 'list', {}])?.isInvalidated).toBe(true));
      expect(client.getQueryState(['dashboard', 'Asia/Shanghai'])?.isInvalidated).toBe(true);
    });

    it('left unchecked, deletes the devices alone', async () => {
      signedInWith('device:list,device:delete,plant:delete');
      const fetch = serve(more);
      renderWithClient();
      const dialog = await choose('INV-001');
      expect(within(dialog).getByRole('checkbox', { name: 'Also delete the bound plant' })).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(deletes(fetch)).toEqual(['DELETE /photo_voltaic/devices/1']));
    });

    it('names the plants but offers no checkbox without plant:delete', async () => {
      signedInWith('device:list,device:delete');
      serve(more);
      renderWithClient();
      const dialog = await choose('INV-001');
      expect(within(dialog).getByTestId('delete-bound-plants').textContent).toContain('Hangzhou Roof');
      expect(within(dialog).queryByTestId('delete-with-plant')).toBeNull();
    });

    it('offers neither for unbound devices nor for a sub device alone (its plant goes with its collector)', async () => {
      signedInWith('device:list,device:delete,plant:delete');
      serve(more);
      renderWithClient();
      const dialog = await choose('COL-001', 'SUB-002');
      expect(within(dialog).queryByTestId('delete-bound-plants')).toBeNull();
      expect(within(dialog).queryByTestId('delete-with-plant')).toBeNull();
    });
  });

  it('unbinds only after the confirmation, then says "Unbinding Successfully"', async () => {
    signedInWith('device:list,device:unbind,device:bind');
    const fetch = serve();
    renderPage();
    fireEvent.click(await screen.findByTestId('device-unbind-INV-001'));
    const confirm = await screen.findByText('Unbind INV-001 from Hangzhou Roof? Its sub devices are unbound too.');
    expect(writes(fetch)).toHaveLength(0);
    // an unbound device offers bind instead
    expect(screen.getByTestId('device-bind-COL-001')).toBeTruthy();
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popover).getAllByRole('button').at(-1)!);
    await waitFor(() =>
      expect(writes(fetch).map(([url, init]) => `${init!.method} ${String(url)}`)).toEqual([
        'PUT /photo_voltaic/devices/1/unbind',
      ]),
    );
    expect(await screen.findByText('Unbinding Successfully')).toBeTruthy();
  });

  it('filters and sorts on the server from the first page', async () => {
    signedInWith('device:list');
    const fetch = serve();
    renderPage();
    await screen.findByText('INV-001');
    fireEvent.change(screen.getByTestId('filter-sn'), { target: { value: 'INV' } });
    fireEvent.click(screen.getByTestId('device-search'));
    await waitFor(() =>
      expect(fetch.mock.calls.map(([u]) => String(u))).toContain('/photo_voltaic/devices?pageNum=1&pageSize=20&sn=INV'),
    );
    fireEvent.click(screen.getAllByText('Last online time')[0]!.closest('th')!);
    await waitFor(() =>
      expect(
        fetch.mock.calls
          .map(([u]) => String(u))
          .some((u) => u.includes('sortField=lastOnlineAt') && u.includes('sortOrder=asc') && u.includes('sn=INV')),
      ).toBe(true),
    );
  });
});
