import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { renderWithProviders, signedInWith } from '../../../test-utils';
import DeviceListPage from './device-list-page';

initI18n('en');

const base = { productId: 1, productName: 'SunWave 5K', orgId: 2, orgName: 'SunPath', mac: null, commMode: 'mqtt', hwVersion: 'H1', swVersion: 'S2', protocolVersion: 'P1', lastOnlineAt: 1795000000000, points: null, parentSn: null, subCount: 0, runState: 'normal', onlineState: 'online' };
const rows = [
  { ...base, id: 1, sn: 'INV-001', name: 'Roof inverter', type: 'inverter', plantId: 7, plantName: 'Hangzhou Roof' },
  { ...base, id: 2, sn: 'COL-001', name: 'Gateway', type: 'collector', plantId: null, plantName: null, subCount: 3 },
];

function serve() {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const data = init?.method && init.method !== 'GET' ? null : url.startsWith('/photo_voltaic/orgs') ? [{ id: 2, name: 'SunPath' }] : url.startsWith('/photo_voltaic/products') ? { rows: [{ id: 1, name: 'SunWave 5K', type: 'inverter' }], total: 1 } : { rows, total: 2 };
    const body = { code: 200, msg: 'ok', data };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const renderPage = () =>
  renderWithProviders(
    <MemoryRouter>
      <DeviceListPage />
    </MemoryRouter>,
  );
const writes = (fetch: ReturnType<typeof serve>) => fetch.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET');

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
    expect(screen.getAllByText('H1 / S2 / P1')).toHaveLength(2);
    expect(screen.getByText('2 devices')).toBeTruthy();
    // no buttons without their permissions
    expect(screen.queryByTestId('device-delete')).toBeNull();
    expect(screen.queryByTestId('device-unbind-INV-001')).toBeNull();
    expect(screen.queryByTestId('device-export')).toBeNull();
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
    const text = await screen.findByText(/Their plant binding, sub devices and data are removed too/);
    expect(writes(fetch)).toHaveLength(0);
    const dialog = text.closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes(fetch).map(([url, init]) => `${init!.method} ${String(url)}`)).toEqual(['DELETE /photo_voltaic/devices/1']));
    expect(await screen.findByText('Deleted Success')).toBeTruthy();
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
    await waitFor(() => expect(writes(fetch).map(([url, init]) => `${init!.method} ${String(url)}`)).toEqual(['PUT /photo_voltaic/devices/1/unbind']));
    expect(await screen.findByText('Unbinding Successfully')).toBeTruthy();
  });

  it('filters and sorts on the server from the first page', async () => {
    signedInWith('device:list');
    const fetch = serve();
    renderPage();
    await screen.findByText('INV-001');
    fireEvent.change(screen.getByTestId('filter-sn'), { target: { value: 'INV' } });
    fireEvent.click(screen.getByTestId('device-search'));
    await waitFor(() => expect(fetch.mock.calls.map(([u]) => String(u))).toContain('/photo_voltaic/devices?pageNum=1&pageSize=20&sn=INV'));
    fireEvent.click(screen.getAllByText('Last online time')[0]!.closest('th')!);
    await waitFor(() => expect(fetch.mock.calls.map(([u]) => String(u)).some((u) => u.includes('sortField=lastOnlineAt') && u.includes('sortOrder=asc') && u.includes('sn=INV'))).toBe(true));
  });
});
