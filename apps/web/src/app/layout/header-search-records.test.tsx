import { flattenRoutes, type SearchResult } from '@pv/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { permittedTree } from '@/app/route-utils';
import { mockFetch } from '@/test-fetch';
import { renderWithProviders } from '@/test-utils';
import { HeaderSearch, searchEntries, searchGroups, searchPages } from './header-search';

const i18n = initI18n('en');
const t = (key: string, values?: Record<string, unknown>) => i18n.t(key, values);
const pages = flattenRoutes(
  permittedTree(['/power_station', '/power_station/power_station_list', '/devices', '/devices/devices__manage'], false),
);
const found: SearchResult = {
  plants: [{ id: 7, name: 'CapeTown1', orgName: 'SunPath Energy', timeZone: 'Africa/Johannesburg' }],
  devices: [
    { id: 31, sn: 'INVP000902', name: 'Roof inverter', type: 'inverter', plantId: 7, plantName: 'CapeTown1' },
    { id: 32, sn: 'INVP000903', name: 'Spare', type: 'inverter', plantId: null, plantName: null },
  ],
  customers: [{ id: 5, name: 'Liu Yang', nickname: 'Yang', orgName: 'Green Roof Installers' }],
};

describe('searchGroups', () => {
  it('groups the matching pages, then the plants and devices found, each opening its own page', () => {
    const groups = searchGroups(searchPages(searchEntries(pages, t), 'plant list'), found, t);
    expect(groups.map((g) => [g.label, g.options.map((o) => o.value)])).toEqual([
      ['Pages', ['/power_station/power_station_list']],
      ['Plants', ['/power_station/power_station_detail?id=7']],
      ['Devices', ['/devices/devices_detail?id=31', '/devices/devices_detail?id=32']],
      ['Customers', ['/business_partners/clients_list?name=Liu%20Yang']],
    ]);
  });

  it('leaves out a group with nothing in it', () => {
    const groups = searchGroups([], { plants: [], devices: found.devices, customers: [] }, t);
    expect(groups.map((g) => g.key)).toEqual(['devices']);
  });
});

describe('<HeaderSearch>', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  function renderSearch() {
    const router = createMemoryRouter([{ path: '*', element: <HeaderSearch pages={pages} /> }], {
      initialEntries: ['/dashboard'],
    });
    renderWithProviders(<RouterProvider router={router} />);
    return router;
  }

  it('asks the server once the typing pauses and opens the device picked', async () => {
    const fetch = mockFetch(({ path }) => (path === '/search' ? found : null));
    const router = renderSearch();
    const box = screen.getByRole('combobox');
    fireEvent.mouseDown(box);
    for (const text of ['I', 'IN', 'INVP0009']) fireEvent.change(box, { target: { value: text } });
    const device = await screen.findByTestId('search-device-INVP000902');
    // one request for the text typed last, none for the keystrokes before it
    const asked = fetch.mock.calls.map(([url]) => decodeURIComponent(String(url)));
    expect(asked).toEqual(['/photo_voltaic/search?q=INVP0009']);
    expect(screen.getByText('Devices')).toBeTruthy();
    expect(screen.getByText(/Not bound/)).toBeTruthy();
    fireEvent.click(device);
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/devices/devices_detail?id=31'),
    );
  });

  it('still offers the pages, without a request, for an empty text', async () => {
    const fetch = mockFetch(() => found);
    renderSearch();
    fireEvent.mouseDown(screen.getByRole('combobox'));
    expect(await screen.findByText('Power plants > Plant list')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  // issue 42: "Sao" fuzzily matched nine page titles, which pushed the plants out of the list
  it('a short text lists the plants and customers found, not the pages it nearly spells', async () => {
    const wide = flattenRoutes(
      permittedTree(
        [
          '/power_station',
          '/power_station/power_station_list',
          '/auth',
          '/auth/user',
          '/auth/org',
          '/auth/orgGroup',
          '/auth/role',
          '/auth/res',
          '/business_partners',
          '/business_partners/clients_list',
          '/userCenter',
          '/userCenter/orgData',
          '/userCenter/changePassword',
        ],
        false,
      ),
    );
    const entries = searchEntries(wide, t);
    expect(searchPages(entries, 'Sao')).toEqual([]);
    expect(searchPages(entries, 'Liu')).toEqual([]);
    expect(searchPages(entries, 'Rol').map((e) => e.path)).toEqual(['/auth/role']);
    // from four letters on the fuzzy match of spec §9 (threshold 0.4) is as it was
    expect(searchPages(entries, 'Usrs')[0]?.path).toBe('/auth/user');
    const sao: SearchResult = {
      plants: [
        { id: 12, name: 'SaoPaulo1', orgName: 'Delta Energy Services', timeZone: 'America/Sao_Paulo' },
        { id: 24, name: 'SaoPaulo2', orgName: 'Delta Energy Services', timeZone: 'America/Sao_Paulo' },
      ],
      devices: [],
      customers: [],
    };
    mockFetch(({ path, query }) => (path === '/search' ? (query.get('q') === 'Sao' ? sao : found) : null));
    const router = createMemoryRouter([{ path: '*', element: <HeaderSearch pages={wide} /> }], {
      initialEntries: ['/dashboard'],
    });
    renderWithProviders(<RouterProvider router={router} />);
    const box = screen.getByRole('combobox');
    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: 'Sao' } });
    expect(await screen.findByTestId('search-plant-12')).toBeTruthy();
    expect(screen.getByTestId('search-plant-24')).toBeTruthy();
    expect(screen.queryByText('Pages')).toBeNull();
    fireEvent.change(box, { target: { value: 'Liu Yang' } });
    fireEvent.click(await screen.findByTestId('search-customer-5'));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/business_partners/clients_list?name=Liu%20Yang',
      ),
    );
  });
});
