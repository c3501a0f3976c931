import type { DeviceRow } from '@pv/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { renderWithProviders, signedInWith } from '@/test-utils';
import { OtaPushModal } from './ota-push-modal';
import { mockFetch } from '@/test-fetch';

initI18n('en');

const inverter: DeviceRow = {
  id: 1,
  sn: 'INV-001',
  name: 'Roof inverter',
  type: 'inverter',
  productId: null,
  productName: null,
  plantId: 7,
  plantName: 'Berlin1',
  orgId: 2,
  orgName: 'SunPath',
  parentSn: null,
  commMode: 'mqtt',
  onlineState: 'online',
  runState: 'normal',
  hwVersion: null,
  swVersion: '1.0.0',
  protocolVersion: null,
  lastOnlineAt: null,
  points: null,
  mac: null,
  subCount: 0,
};
const firmware = (id: number, version: string, deviceType: string) => ({
  id,
  version,
  deviceType,
  fileName: `${deviceType}-${version}.bin`,
  size: 1024,
  sha256: 'ab',
  description: null,
  downloadUrl: `/photo_voltaic/firmware/${id}/file`,
  createdAt: 1795000000000,
});
const files = [
  firmware(3, '2.0.0', 'inverter'),
  firmware(4, '2.1.0-rc1', 'inverter'),
  firmware(9, '5.0.0', 'collector'),
];

function serve() {
  return mockFetch(({ method, url, query }) =>
    method === 'POST'
      ? {
          id: 1,
          cmdId: 'c-1',
          kind: 'ota',
          params: {},
          status: 'processing',
          ackContent: null,
          source: 'console',
          sentBy: 'me',
          createdAt: 1,
          updatedAt: 1,
        }
      : url.startsWith('/photo_voltaic/firmware')
        ? { rows: files.filter((f) => f.deviceType === query.get('deviceType')), total: 2 }
        : null,
  );
}
const posts = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => [String(url), JSON.parse(init!.body as string)]);
const field = (name: string) => document.querySelector<HTMLInputElement>(`#ota-form_${name}`)!;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const push = () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OTA push' }));
const openSelect = (el: Element) =>
  fireEvent.mouseDown(el.closest('.ant-select')!.querySelector('.ant-select-selector') ?? el);

describe('OTA push', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('requires every field of spec §5 (device type, order, file, version, SN, sub SN, old sub SN) and pushes nothing without them', async () => {
    signedInWith('device:ota');
    const fetch = serve();
    // a device of a type the console does not offer: the type must be chosen too
    renderWithProviders(
      <OtaPushModal open device={{ ...inverter, sn: '', type: '' as DeviceRow['type'] }} onClose={() => {}} />,
    );
    await screen.findByText('OTA push to');
    push();
    for (const message of [
      'Device type is required',
      'Order is required',
      'Firmware file is required',
      'Version is required',
      'SN is required',
      'Sub SN is required',
      'Old sub SN is required',
    ])
      expect(await screen.findByText(message)).toBeTruthy();
    expect(posts(fetch)).toEqual([]);
  });

  it('refuses a malformed version with the contract message', async () => {
    signedInWith('device:ota');
    const fetch = serve();
    renderWithProviders(<OtaPushModal open device={inverter} onClose={() => {}} />);
    await screen.findByText('OTA push to INV-001');
    type('version', 'v 2');
    push();
    expect(await screen.findByText('A version is 1-32 letters, digits, dots, hyphens or underscores')).toBeTruthy();
    expect(posts(fetch)).toEqual([]);
  });

  it('offers the firmware of the device type, takes its version, and pushes the whole order', async () => {
    signedInWith('device:ota');
    const fetch = serve();
    const onClose = vi.fn();
    renderWithProviders(<OtaPushModal open device={inverter} onClose={onClose} />);
    await screen.findByText('OTA push to INV-001');
    // opened on the device: its type and SN
    expect(field('sn').value).toBe('INV-001');
    expect(within(field('deviceType').closest('.ant-select')!).getByText('Inverter')).toBeTruthy();
    await waitFor(() =>
      expect(fetch.mock.calls.map(([u]) => String(u))).toContain(
        '/photo_voltaic/firmware?pageSize=200&deviceType=inverter',
      ),
    );
    openSelect(screen.getByTestId('ota-firmware'));
    fireEvent.click(await screen.findByTitle('2.1.0-rc1 · inverter-2.1.0-rc1.bin'));
    expect(field('version').value).toBe('2.1.0-rc1');
    type('order', 'WO-2026-11');
    type('subSn', 'INV-001');
    type('oldSubSn', 'INV-001');
    push();
    await waitFor(() => expect(posts(fetch)).toHaveLength(1));
    expect(posts(fetch)[0]).toEqual([
      '/photo_voltaic/ota',
      {
        deviceType: 'inverter',
        order: 'WO-2026-11',
        firmwareId: 4,
        version: '2.1.0-rc1',
        sn: 'INV-001',
        subSn: 'INV-001',
        oldSubSn: 'INV-001',
      },
    ]);
    expect(await screen.findByText('Push Success')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('sends a sub device through its collector: the collector SN, the device as sub SN', async () => {
    signedInWith('device:ota');
    serve();
    renderWithProviders(
      <OtaPushModal open device={{ ...inverter, sn: 'INV-006', parentSn: 'COL-005' }} onClose={() => {}} />,
    );
    await screen.findByText('OTA push to INV-006');
    expect(field('sn').value).toBe('COL-005');
    expect(field('subSn').value).toBe('INV-006');
  });

  it('forgets the firmware and version chosen when the device type changes', async () => {
    signedInWith('device:ota');
    const fetch = serve();
    renderWithProviders(<OtaPushModal open device={inverter} onClose={() => {}} />);
    await screen.findByText('OTA push to INV-001');
    openSelect(screen.getByTestId('ota-firmware'));
    fireEvent.click(await screen.findByTitle('2.0.0 · inverter-2.0.0.bin'));
    expect(field('version').value).toBe('2.0.0');
    openSelect(field('deviceType'));
    fireEvent.click(await screen.findByTitle('Collector'));
    expect(field('version').value).toBe('');
    await waitFor(() =>
      expect(fetch.mock.calls.map(([u]) => String(u))).toContain(
        '/photo_voltaic/firmware?pageSize=200&deviceType=collector',
      ),
    );
    openSelect(screen.getByTestId('ota-firmware'));
    expect(await screen.findByTitle('5.0.0 · collector-5.0.0.bin')).toBeTruthy();
    expect(screen.queryByTitle('2.0.0 · inverter-2.0.0.bin')).toBeNull();
  });
});
