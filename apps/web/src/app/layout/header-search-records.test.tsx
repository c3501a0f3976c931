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
};

describe('searchGroups', () => {
  it('groups the matching pages, then the plants and devices found, each opening its own page', () => {
    const groups = searchGroups(searchPages(searchEntries(pages, t), 'plant list'), found, t);
    expect(groups.map((g) => [g.label, g.options.map((o) => o.value)])).toEqual([
      ['Pages', ['/power_station/power_station_list']],
      ['Plants', ['/power_station/power_station_detail?id=7']],
      ['Devices', ['/devices/devices_detail?id=31', '/devices/devices_detail?id=32']],
    ]);
  });

  it('leaves out a group with nothing in it', () => {
    const groups = searchGroups([], { plants: [], devices: found.devices }, t);
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
});
