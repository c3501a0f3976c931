import type { CommandRow, DeviceDetail } from '@pv/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { FakeEventSource, openStream, sendLive, stubEventSource } from '@/test-event-source';
import { renderWithProviders, signedInWith } from '@/test-utils';
import DeviceDetailPage from './device-detail-page';
import DeviceUpdateLogPage from './device-update-log-page';
import { mockFetch } from '@/test-fetch';
import { asDeviceRow } from '@/test-fixtures';

initI18n('en');

const device: DeviceDetail = {
  id: 5,
  sn: 'COL-005',
  name: 'Gateway',
  type: 'collector',
  productId: null,
  productName: null,
  plantId: 7,
  plantName: 'Berlin1',
  orgId: 2,
  orgName: 'SunPath',
  parentSn: null,
  commMode: 'mqtt',
  onlineState: 'online',
  runState: 'run',
  hwVersion: 'H1',
  swVersion: '1.0.0',
  protocolVersion: 'P1',
  lastOnlineAt: Date.now() - 5000,
  points: { rssi: -60 },
  mac: null,
  subCount: 1,
  energy: { today: 0, month: 0, year: 0, total: 0 },
};
const sub = {
  ...device,
  id: 6,
  sn: 'INV-006',
  name: 'String 6',
  type: 'inverter',
  parentSn: 'COL-005',
  subCount: 0,
  runState: 'normal',
};
const command = (status: CommandRow['status']): CommandRow => ({
  id: 1,
  cmdId: 'c-1',
  kind: 'reboot',
  params: {},
  status,
  ackContent: status === 'success' ? 'rebooting' : null,
  resultKey: status === 'success' ? 'commandResult.successWith' : 'commandResult.processing',
  resultValues: status === 'success' ? { content: 'rebooting' } : {},
  source: 'console',
  sentBy: 'agent',
  createdAt: Date.now() - 2000,
  updatedAt: Date.now(),
});

let current: {
  device: DeviceDetail;
  sub: typeof sub;
  commands: CommandRow[];
  log: { cmdId: string; version: string | null; progress: number; status: string; ts: number }[];
};
function serve() {
  return mockFetch(({ path, url }) =>
    path === '/devices/5'
      ? current.device
      : path === '/devices/5/commands'
        ? { rows: current.commands, total: current.commands.length }
        : path === '/devices/5/update-log'
          ? current.log
          : path === '/devices' && url.includes('parentId=5')
            ? { rows: [asDeviceRow(current.sub)], total: 1 }
            : null,
  );
}
const asked = (fetch: ReturnType<typeof serve>, path: string, query = '') =>
  fetch.mock.calls.filter(([u]) => String(u).split('?')[0] === `/photo_voltaic${path}` && String(u).includes(query))
    .length;
const renderAt = (ui: React.ReactNode, path: string) =>
  renderWithProviders(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);

describe('device pages, live', { timeout: 30_000 }, () => {
  beforeEach(() => {
    Cookies.set('Admin-Token', 'tok');
    stubEventSource();
    current = {
      device,
      sub,
      commands: [command('processing')],
      log: [{ cmdId: 'c-9', version: '2.0.0', progress: 40, status: 'processing', ts: Date.now() - 1000 }],
    };
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    Cookies.remove('Admin-Token');
  });

  it('watches its device on the event stream and reads its points, state, sub devices and commands again when it reports, not for another device', async () => {
    signedInWith('device:list');
    const fetch = serve();
    const { client } = renderAt(<DeviceDetailPage />, '/devices/devices_detail?id=5');
    expect((await screen.findByTestId('device-title', {}, { timeout: 8000 })).textContent).toBe('Gateway');
    expect(await screen.findByText('INV-006')).toBeTruthy();
    expect(within(screen.getByTestId('command-history')).getByText('Processing')).toBeTruthy();
    await waitFor(() => expect(openStream().url).toBe('/photo_voltaic/events?ticket=ticket-1&devices=5'));
    const counts = () => [
      asked(fetch, '/devices/5'),
      asked(fetch, '/devices/5/commands'),
      asked(fetch, '/devices', 'parentId=5'),
    ];
    expect(counts()).toEqual([1, 1, 1]);
    await waitFor(() => expect(client.isFetching()).toBe(0));

    // another device, or a plant's figures: nothing to read again (handled as they came: no read started)
    sendLive({ type: 'devices', at: 1, deviceIds: [6, 50] });
    sendLive({ type: 'stats', at: 2, orgIds: [2], plantIds: [7], faultIds: [] });
    expect(client.isFetching()).toBe(0);
    expect(counts()).toEqual([1, 1, 1]);

    // the device acknowledged the command and reported new points
    current = {
      ...current,
      device: { ...device, points: { rssi: -48 }, runState: 'failure' },
      sub: { ...sub, onlineState: 'offline' },
      commands: [command('success')],
    };
    sendLive({ type: 'devices', at: 3, deviceIds: [3, 5] });
    // this one starts the reads at once (what the check above would have seen)
    expect(client.isFetching()).toBeGreaterThan(0);
    await waitFor(() => expect(counts()).toEqual([2, 2, 2]));
    await waitFor(() => expect(screen.getByTestId('point-rssi').textContent).toContain('-48'));
    await waitFor(() => expect(within(screen.getByTestId('command-history')).getByText('Success')).toBeTruthy());
    expect(screen.getByText('rebooting')).toBeTruthy();
    expect(screen.getByText('Failure')).toBeTruthy();
  });

  it('lets the stream go when the page goes', async () => {
    signedInWith('device:list');
    serve();
    const view = renderAt(<DeviceDetailPage />, '/devices/devices_detail?id=5');
    await screen.findByTestId('device-title', {}, { timeout: 8000 });
    await waitFor(() => expect(openStream().url).toContain('devices=5'));
    const stream = openStream();
    view.unmount();
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('shows new OTA progress on the update log page as the device reports it', async () => {
    signedInWith('device:list');
    const fetch = serve();
    const { client } = renderAt(<DeviceUpdateLogPage />, '/devices/devices_update_log?id=5');
    const log = await screen.findByTestId('update-log', {}, { timeout: 8000 });
    await waitFor(() => expect(within(log).getByText('40%')).toBeTruthy());
    await waitFor(() => expect(openStream().url).toBe('/photo_voltaic/events?ticket=ticket-1&devices=5'));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    sendLive({ type: 'devices', at: 1, deviceIds: [4] });
    expect(client.isFetching()).toBe(0);
    expect(asked(fetch, '/devices/5/update-log')).toBe(1);
    current = {
      ...current,
      device: { ...device, swVersion: '2.0.0' },
      log: [{ cmdId: 'c-9', version: '2.0.0', progress: 100, status: 'success', ts: Date.now() }, ...current.log],
    };
    sendLive({ type: 'devices', at: 2, deviceIds: [5] });
    expect(client.isFetching()).toBeGreaterThan(0);
    await waitFor(() => expect(asked(fetch, '/devices/5/update-log')).toBe(2));
    await waitFor(() => expect(within(log).getAllByText('Success').length).toBeGreaterThan(0));
    // the version after the upgrade, in the header
    await waitFor(() => expect(screen.getByText(/Software version 2\.0\.0/)).toBeTruthy());
  });
});
