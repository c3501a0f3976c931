import type { DeviceRow } from '@pv/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { renderWithProviders, signedInWith } from '@/test-utils';
import { DeviceFormModal } from './device-form-modal';
import { mockFetch } from '@/test-fetch';
import { aPlantPage } from '@/test-fixtures';

initI18n('en');

const base: DeviceRow = {
  id: 5,
  sn: 'INV-005',
  name: 'Roof inverter',
  type: 'inverter',
  productId: null,
  productName: null,
  plantId: 7,
  plantName: 'Hangzhou Roof',
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
const collectors = [{ ...base, id: 9, sn: 'COL-009', name: 'Gateway', type: 'collector' }];

function serve(created: object = { id: 11, sn: 'INV-011', deviceKey: null, parentSn: 'COL-009' }) {
  return mockFetch(({ method, url }) =>
    method === 'POST'
      ? created
      : method !== 'GET'
        ? null
        : url.startsWith('/photo_voltaic/devices')
          ? { rows: collectors, total: 1 }
          : url.startsWith('/photo_voltaic/options')
            ? []
            : url.startsWith('/photo_voltaic/plants')
              ? aPlantPage([])
              : { rows: [], total: 0 },
  );
}
const writes = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET');
const openSelect = (testId: string) =>
  fireEvent.mouseDown(
    document.querySelector(`[data-testid="${testId}"] .ant-select-selector, [data-testid="${testId}"]`)!,
  );

describe('device form: the collector a device reports through', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers the collector field for an inverter only, searching collectors of the scope; picking one hides the plant and communication mode', async () => {
    signedInWith('device:update');
    const fetch = serve();
    renderWithProviders(<DeviceFormModal open device={base} onClose={() => {}} onCreated={() => {}} />);
    expect(await screen.findByText('Collector')).toBeTruthy();
    expect(screen.getByTestId('plant-select')).toBeTruthy();
    expect(screen.getByText('Communication mode')).toBeTruthy();
    openSelect('collector-select');
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([u]) => String(u).startsWith('/photo_voltaic/devices?') && String(u).includes('type=collector'),
        ),
      ).toBe(true),
    );
    fireEvent.click(await screen.findByTitle('COL-009 · Gateway'));
    expect(await screen.findByTestId('device-sub-note')).toBeTruthy();
    expect(screen.getByText(/Reports through collector COL-009/)).toBeTruthy();
    expect(screen.queryByTestId('plant-select')).toBeNull();
    expect(screen.queryByText('Communication mode')).toBeNull();
    fireEvent.click(screen.getByTestId('device-form-ok'));
    await waitFor(() => expect(writes(fetch)).toHaveLength(1));
    const [url, init] = writes(fetch)[0]!;
    expect(url).toBe('/photo_voltaic/devices/5');
    const body = JSON.parse(init!.body as string);
    expect(body).toMatchObject({ name: 'Roof inverter', parentSn: 'COL-009' });
    expect(body).not.toHaveProperty('plantId');
    expect(body).not.toHaveProperty('commMode');
  });

  it('shows no collector field for a collector and sends no parent', async () => {
    signedInWith('device:update');
    const fetch = serve();
    renderWithProviders(
      <DeviceFormModal
        open
        device={{ ...base, type: 'collector', sn: 'COL-1' }}
        onClose={() => {}}
        onCreated={() => {}}
      />,
    );
    expect(await screen.findByText('Communication mode')).toBeTruthy();
    expect(screen.queryByText('Collector', { selector: 'label' })).toBeNull();
    expect(screen.queryByTestId('collector-select')).toBeNull();
    fireEvent.click(screen.getByTestId('device-form-ok'));
    await waitFor(() => expect(writes(fetch)).toHaveLength(1));
    expect(JSON.parse(writes(fetch)[0]![1]!.body as string)).toMatchObject({
      parentSn: null,
      plantId: 7,
      commMode: 'mqtt',
    });
  });

  it('opens a sub device with its collector chosen, and clearing it gives the plant back', async () => {
    signedInWith('device:update');
    serve();
    renderWithProviders(
      <DeviceFormModal
        open
        device={{ ...base, parentSn: 'COL-009', commMode: 'collector' }}
        onClose={() => {}}
        onCreated={() => {}}
      />,
    );
    expect(await screen.findByTestId('device-sub-note')).toBeTruthy();
    expect(screen.queryByTestId('plant-select')).toBeNull();
    fireEvent.mouseDown(document.querySelector('[data-testid="collector-select"] .ant-select-clear')!);
    fireEvent.click(document.querySelector('[data-testid="collector-select"] .ant-select-clear')!);
    expect(await screen.findByTestId('plant-select')).toBeTruthy();
    expect(screen.queryByTestId('device-sub-note')).toBeNull();
  });

  it('creates a sub device without a key: no key dialog, a message naming the collector', async () => {
    signedInWith('device:create');
    const fetch = serve();
    const onCreated = vi.fn();
    renderWithProviders(<DeviceFormModal open device={null} onClose={() => {}} onCreated={onCreated} />);
    expect(screen.queryByTestId('collector-select')).toBeNull();
    fireEvent.change(document.querySelector('#device-form_sn')!, { target: { value: 'INV-011' } });
    fireEvent.change(document.querySelector('#device-form_name')!, { target: { value: 'String 11' } });
    openSelect('device-form-type');
    fireEvent.click(await screen.findByTitle('Inverter'));
    await screen.findByTestId('collector-select');
    openSelect('collector-select');
    fireEvent.click(await screen.findByTitle('COL-009 · Gateway'));
    fireEvent.click(screen.getByTestId('device-form-ok'));
    await waitFor(() => expect(writes(fetch)).toHaveLength(1));
    const [url, init] = writes(fetch)[0]!;
    expect(url).toBe('/photo_voltaic/devices');
    expect(JSON.parse(init!.body as string)).toMatchObject({
      sn: 'INV-011',
      name: 'String 11',
      type: 'inverter',
      parentSn: 'COL-009',
    });
    expect(await screen.findByText(/Sub device INV-011 created under collector COL-009/)).toBeTruthy();
    expect(onCreated).not.toHaveBeenCalled();
  });
});
