import type { DeviceRow } from '@pv/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { renderWithProviders, signedInWith } from '@/test-utils';
import DeviceListPage from '@/features/device/pages/device-list-page';
import { BindModal } from './bind-modal';
import { mockFetch } from '@/test-fetch';
import { aPlantRow } from '@/test-fixtures';

initI18n('en');

const device: DeviceRow = {
  id: 1,
  sn: 'INV-001',
  name: 'Roof inverter',
  type: 'inverter',
  productId: null,
  productName: null,
  plantId: null,
  plantName: null,
  orgId: 2,
  orgName: 'SunPath',
  parentSn: null,
  commMode: 'mqtt',
  onlineState: 'online',
  runState: 'normal',
  hwVersion: null,
  swVersion: null,
  protocolVersion: null,
  lastOnlineAt: null,
  points: null,
  mac: null,
  subCount: 0,
};
const plants = [aPlantRow({ id: 7, name: 'Berlin1' }), aPlantRow({ id: 8, name: 'Berlin2' })];

function serve() {
  return mockFetch(({ method, url, query }) => {
    const name = query.get('name');
    return method !== 'GET'
      ? null
      : url.startsWith('/photo_voltaic/plants')
        ? {
            rows: plants.filter((p) => !name || p.name.includes(name)),
            total: 2,
            counts: { all: 2, online: 2, offline: 0, fault: 0 },
          }
        : url.startsWith('/photo_voltaic/devices')
          ? { rows: [{ ...device, plantId: 7, plantName: 'Berlin1' }], total: 1 }
          : url.startsWith('/photo_voltaic/options')
            ? []
            : null;
  });
}
const writes = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method && init.method !== 'GET')
    .map(([url, init]) => [
      `${init!.method} ${String(url)}`,
      init!.body ? JSON.parse(init!.body as string) : undefined,
    ]);
const dialog = () => screen.getByRole('dialog');
const ok = () => fireEvent.click(within(dialog()).getByRole('button', { name: 'OK' }));

describe('bind and unbind a device', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for a plant before binding and binds nothing without one', async () => {
    signedInWith('device:bind');
    const fetch = serve();
    renderWithProviders(<BindModal device={device} onClose={() => {}} />);
    expect(await screen.findByText('Bind INV-001 to a plant')).toBeTruthy();
    ok();
    expect(await screen.findByText('Plant is required')).toBeTruthy();
    expect(writes(fetch)).toEqual([]);
  });

  it('searches the plants by name on the server and binds the one chosen, then says "Setting Is Successful"', async () => {
    signedInWith('device:bind');
    const fetch = serve();
    const onClose = vi.fn();
    renderWithProviders(<BindModal device={device} onClose={onClose} />);
    const select = await screen.findByTestId('plant-select');
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    fireEvent.change(within(select).getByRole('combobox'), { target: { value: '2' } });
    await waitFor(() =>
      expect(fetch.mock.calls.map(([u]) => String(u))).toContain('/photo_voltaic/plants?pageNum=1&pageSize=20&name=2'),
    );
    fireEvent.click(await screen.findByTitle('Berlin2'));
    ok();
    await waitFor(() => expect(writes(fetch)).toEqual([['PUT /photo_voltaic/devices/1/bind', { plantId: 8 }]]));
    expect(await screen.findByText('Setting Is Successful')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('opens on the plant a device is bound to', async () => {
    signedInWith('device:bind');
    const fetch = serve();
    renderWithProviders(<BindModal device={{ ...device, plantId: 7, plantName: 'Berlin1' }} onClose={() => {}} />);
    expect(await within(await screen.findByTestId('plant-select')).findByText('Berlin1')).toBeTruthy();
    ok();
    await waitFor(() => expect(writes(fetch)).toEqual([['PUT /photo_voltaic/devices/1/bind', { plantId: 7 }]]));
  });

  it('keeps the binding when the unbind confirmation is cancelled', async () => {
    signedInWith('device:list,device:unbind');
    const fetch = serve();
    renderWithProviders(
      <MemoryRouter>
        <DeviceListPage />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByTestId('device-unbind-INV-001', {}, { timeout: 8000 }));
    const confirm = await screen.findByText('Unbind INV-001 from Berlin1? Its sub devices are unbound too.');
    fireEvent.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Unbinding cancelled')).toBeTruthy();
    expect(writes(fetch)).toEqual([]);
  });
});
