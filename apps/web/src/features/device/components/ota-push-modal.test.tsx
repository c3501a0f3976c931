import type { DeviceRow } from '@pv/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { renderWithProviders, signedInWith } from '@/test-utils';
import { useSession } from '@/stores/session';
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
  releaseNotes: null,
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
          resultKey: 'commandResult.processing',
          resultValues: {},
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
const push = () =>
  fireEvent.click(
    within(document.querySelector<HTMLElement>('.ota-push-modal')!).getByRole('button', { name: 'Upgrade firmware' }),
  );
const render = (ui: React.ReactElement) => renderWithProviders(<MemoryRouter>{ui}</MemoryRouter>);
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
    render(<OtaPushModal open device={{ ...inverter, sn: '', type: '' as DeviceRow['type'] }} onClose={() => {}} />);
    await screen.findByText('Upgrade the firmware of');
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
    render(<OtaPushModal open device={inverter} onClose={() => {}} />);
    await screen.findByText('Upgrade the firmware of INV-001');
    type('version', 'v 2');
    push();
    expect(await screen.findByText('A version is 1-32 letters, digits, dots, hyphens or underscores')).toBeTruthy();
    expect(posts(fetch)).toEqual([]);
  });

  it('offers the firmware of the device type, takes its version, and pushes the whole order', async () => {
    signedInWith('device:ota');
    const fetch = serve();
    const onClose = vi.fn();
    render(<OtaPushModal open device={inverter} onClose={onClose} />);
    await screen.findByText('Upgrade the firmware of INV-001');
    // opened on the device: its type, its SN, itself as the sub SN (old and new), its current version
    expect(field('sn').value).toBe('INV-001');
    expect(field('subSn').value).toBe('INV-001');
    expect(field('oldSubSn').value).toBe('INV-001');
    expect(screen.getByTestId('ota-current-version').textContent).toBe('1.0.0');
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
    push();
    // nothing goes before the question naming the device and both versions is answered
    const question = (await screen.findByTestId('ota-confirm-details')).closest<HTMLElement>('.ant-modal-confirm')!;
    expect(
      within(question).getAllByText('Upgrade Roof inverter (INV-001) from 1.0.0 to 2.1.0-rc1?').length,
    ).toBeGreaterThan(0);
    expect(within(question).getByText('File: inverter-2.1.0-rc1.bin')).toBeTruthy();
    // nothing went yet; and once the answer's push is done it stays the only one (below)
    expect(posts(fetch)).toEqual([]);
    fireEvent.click(within(question).getByTestId('ota-confirm-ok'));
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
    expect(posts(fetch)).toHaveLength(1);
  });

  it('sends a sub device through its collector: the collector SN, the device as sub SN', async () => {
    signedInWith('device:ota');
    serve();
    render(<OtaPushModal open device={{ ...inverter, sn: 'INV-006', parentSn: 'COL-005' }} onClose={() => {}} />);
    await screen.findByText('Upgrade the firmware of INV-006');
    expect(field('sn').value).toBe('COL-005');
    expect(field('subSn').value).toBe('INV-006');
    expect(field('oldSubSn').value).toBe('INV-006');
  });

  it('forgets the firmware and version chosen when the device type changes', async () => {
    signedInWith('device:ota');
    const fetch = serve();
    render(<OtaPushModal open device={inverter} onClose={() => {}} />);
    await screen.findByText('Upgrade the firmware of INV-001');
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

  it('says what to upload when no firmware fits the device type, and links to the firmware page', async () => {
    signedInWith('device:ota');
    const info = useSession.getState().info!;
    useSession.setState({ info: { ...info, routerPaths: [...info.routerPaths, '/systems/cmd'] } });
    serve();
    const onClose = vi.fn();
    render(<OtaPushModal open device={{ ...inverter, type: 'battery', sn: 'BAT-001' }} onClose={onClose} />);
    const hint = await screen.findByTestId('ota-no-firmware', {}, { timeout: 5000 });
    expect(hint.textContent).toContain('No battery firmware has been uploaded yet: upload one first.');
    const link = within(hint).getByTestId('ota-firmware-link');
    expect(link.getAttribute('href')).toBe('/systems/cmd');
    // the form does not stay open over the firmware page
    fireEvent.click(link);
    expect(onClose).toHaveBeenCalled();
  });

  it('without the firmware page, says whom to ask', async () => {
    signedInWith('device:ota');
    serve();
    render(<OtaPushModal open device={{ ...inverter, type: 'battery', sn: 'BAT-001' }} onClose={() => {}} />);
    const hint = await screen.findByTestId('ota-no-firmware', {}, { timeout: 5000 });
    expect(hint.textContent).toContain('Ask an administrator to upload one.');
    expect(within(hint).queryByTestId('ota-firmware-link')).toBeNull();
  });

  it('keeps what the user typed when the device page reads the device again', async () => {
    signedInWith('device:ota');
    serve();
    function Page() {
      // the device page's copy of the device, replaced when it is read again
      const [device, setDevice] = useState(inverter);
      return (
        <>
          <button onClick={() => setDevice({ ...inverter, onlineState: 'offline' })}>read again</button>
          <output data-testid="device-state">{device.onlineState}</output>
          <OtaPushModal open device={device} onClose={() => {}} />
        </>
      );
    }
    render(<Page />);
    await screen.findByText('Upgrade the firmware of INV-001');
    type('subSn', 'INV-009');
    fireEvent.click(screen.getByText('read again'));
    // the modal has the device read again (the same render), and its effects have run
    expect(screen.getByTestId('device-state').textContent).toBe('offline');
    expect(field('subSn').value).toBe('INV-009');
  });
});
