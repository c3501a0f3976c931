import type { DeviceDetail } from '@pv/contract';
import { cleanup, screen, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { stubEventSource } from '@/test-event-source';
import { mockFetch } from '@/test-fetch';
import { renderWithProviders, signedInWith } from '@/test-utils';
import DeviceDetailPage from '@/features/device/pages/device-detail-page';
import { DeviceFigures, signalQuality } from './device-figures';
import { readingItems } from './point-label';
import { formatterFor } from '@/lib/quantity';
import i18n from 'i18next';
import { asDeviceRow } from '@/test-fixtures';

initI18n('en');

const base: DeviceDetail = {
  id: 9,
  sn: 'DEV-009',
  name: 'Device',
  type: 'inverter',
  productId: null,
  productName: null,
  plantId: 7,
  plantName: 'CapeTown1',
  orgId: 2,
  orgName: 'SunPath',
  parentSn: null,
  commMode: 'mqtt',
  onlineState: 'online',
  runState: 'run',
  hwVersion: null,
  swVersion: null,
  protocolVersion: null,
  lastOnlineAt: Date.now() - 5000,
  points: {},
  mac: null,
  subCount: 0,
  timeZone: 'Africa/Johannesburg',
  energy: { today: 0, month: 0, year: 0, total: 0 },
};

const battery: DeviceDetail = {
  ...base,
  sn: 'BATP000901',
  name: 'Battery 1',
  type: 'battery',
  points: { batteryPower: -5000, batterySoc: 61, temperature: 27.4, energyTotal: 812.5, batteryChargeEnergy: 861.2 },
  // its discharge counter reads as `energy` for the current console: never production on this page
  energy: { today: 2.39, month: 40.1, year: 300, total: 812.5 },
  flow: { direction: 'charging', powerW: 5000 },
  battery: {
    socPercent: 61,
    temperatureC: 27.4,
    chargeToday: 6.4,
    dischargeToday: 2.39,
    chargeTotal: 861.2,
    dischargeTotal: 812.5,
  },
};

const meter: DeviceDetail = {
  ...base,
  sn: 'METP000901',
  name: 'Grid meter',
  type: 'meter',
  points: { meterImportPower: 0, meterExportPower: 3650, meterImportEnergy: 1520.4, meterExportEnergy: 9120 },
  flow: { direction: 'exporting', powerW: 3650 },
  meter: { importToday: 1.2, exportToday: 18.75, importTotal: 1520.4, exportTotal: 9120 },
};

const inverter: DeviceDetail = {
  ...base,
  sn: 'INVP000902',
  name: 'Roof inverter',
  type: 'inverter',
  points: {
    acPower: 3240,
    pv1Voltage: 380.2,
    pv1Current: 4.5,
    pv2Voltage: 375,
    pv2Current: 4.1,
    energyTotal: 24_016.32,
  },
  energy: { today: 18.4, month: 402, year: 5210, total: 10_901.7 },
  flow: { direction: 'producing', powerW: 3240 },
  production: { today: 18.4, month: 402, year: 5210, total: 10_901.7, counterKwh: 24_016.32 },
};

const collector: DeviceDetail = {
  ...base,
  sn: 'COLP000901',
  name: 'Gateway',
  type: 'collector',
  points: { rssi: -63 },
  subCount: 2,
  flow: null,
  collector: { rssiDbm: -63 },
};

const figure = (testId: string) => screen.getByTestId(testId).querySelector('.ant-statistic-content')!.textContent;
const titled = (testId: string) => screen.getByTestId(testId).querySelector('.ant-statistic-title')!.textContent;
const renderFigures = (d: DeviceDetail) =>
  renderWithProviders(
    <MemoryRouter>
      <DeviceFigures device={d} />
    </MemoryRouter>,
  );

describe('device figures by type', { timeout: 30_000 }, () => {
  beforeEach(() => {
    Cookies.set('Admin-Token', 'tok');
    stubEventSource();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    Cookies.remove('Admin-Token');
  });

  it('a battery page says "Charging 5.00 kW" and has no production card', async () => {
    signedInWith('device:list');
    mockFetch(({ path }) => (path === '/devices/9' ? battery : null));
    renderWithProviders(
      <MemoryRouter initialEntries={['/devices/devices_detail?id=9']}>
        <DeviceDetailPage />
      </MemoryRouter>,
    );
    const card = await screen.findByTestId('device-battery', {}, { timeout: 8000 });
    expect(figure('figure-power')).toBe('Charging 5.00 kW');
    expect(figure('figure-soc')).toBe('61%');
    expect(figure('figure-temperature')).toBe('27.4 °C');
    expect(figure('figure-chargeToday')).toBe('6.40 kWh');
    expect(figure('figure-dischargeToday')).toBe('2.39 kWh');
    expect(figure('figure-chargeTotal')).toBe('861 kWh');
    expect(figure('figure-dischargeTotal')).toBe('813 kWh');
    expect(within(card).queryByText(/-|−/)).toBeNull();
    // no production anywhere: not as a card, not as its figures
    expect(screen.queryByTestId('device-production')).toBeNull();
    expect(screen.queryByTestId('device-energy')).toBeNull();
    expect(screen.queryByText('Production')).toBeNull();
    expect(screen.queryByText(/production/i)).toBeNull();
    // its live reading says the same: a direction in words, its counter named for what it counts
    const live = screen.getByTestId('live-points');
    expect(figure('point-batteryPower')).toBe('Charging 5.00 kW');
    expect(titled('point-batteryPower')).toBe('Battery power');
    expect(titled('point-energyTotal')).toBe('Discharged energy');
    expect(within(live).queryByText(/-|−/)).toBeNull();
  });

  it("a battery's reading: power first, its discharge counter once, its own points after the known ones", () => {
    const t = i18n.t.bind(i18n) as Parameters<typeof readingItems>[0];
    const items = readingItems(t, formatterFor('en'), 'battery', {
      vendorMode: 'eco',
      temperature: 27.4,
      energyToday: 2.39,
      energyTotal: 812.5,
      batteryDischargeEnergy: 812.5,
      batteryPower: 1030,
      batterySoc: 61,
    });
    expect(items.map((i) => [i.name, i.value])).toEqual([
      ['Battery power', 'Discharging 1.03 kW'],
      ['Battery SOC', '61%'],
      ['Discharged today', '2.39 kWh'],
      ['Discharged energy', '813 kWh'],
      ['Temperature', '27.4 °C'],
      ['vendorMode', 'eco'],
    ]);
    // the same points on an inverter are its production
    expect(readingItems(t, formatterFor('en'), 'inverter', { energyToday: 2.39 })[0]!.name).toBe('Energy today');
  });

  it('a battery discharging, and idle, in words', () => {
    renderFigures({ ...battery, flow: { direction: 'discharging', powerW: 1250 } });
    expect(figure('figure-power')).toBe('Discharging 1.25 kW');
    cleanup();
    renderFigures({ ...battery, flow: { direction: 'idle', powerW: 0 } });
    expect(figure('figure-power')).toBe('Idle');
  });

  it('a meter shows its import and export, power and energy, and no production', () => {
    renderFigures(meter);
    expect(screen.getByTestId('device-meter')).toBeTruthy();
    expect(figure('figure-power')).toBe('Exporting 3.65 kW');
    expect(titled('figure-importPower')).toBe('Import power');
    expect(figure('figure-importPower')).toBe('0 W');
    expect(figure('figure-exportPower')).toBe('3.65 kW');
    expect(figure('figure-importToday')).toBe('1.20 kWh');
    expect(figure('figure-exportToday')).toBe('18.8 kWh');
    expect(figure('figure-importTotal')).toBe('1.52 MWh');
    expect(figure('figure-exportTotal')).toBe('9.12 MWh');
    expect(screen.queryByText(/production/i)).toBeNull();
    expect(document.body.textContent).not.toMatch(/[-−]\s?\d/);
  });

  it('an inverter shows its power, its production, the counter it reads and its DC strings', () => {
    renderFigures(inverter);
    expect(screen.getByTestId('device-production').querySelector('.ant-card-head-title')!.textContent).toBe(
      'Production',
    );
    expect(figure('figure-power')).toBe('Producing 3.24 kW');
    expect(titled('energy-today')).toBe('Daily production');
    expect(figure('energy-today')).toBe('18.4 kWh');
    expect(figure('energy-month')).toBe('402 kWh');
    expect(figure('energy-year')).toBe('5.21 MWh');
    expect(titled('energy-total')).toBe('Total production');
    expect(figure('energy-total')).toBe('10.9 MWh');
    expect(figure('figure-counter')).toBe('24.0 MWh');
    const strings = screen.getByTestId('device-dc-strings');
    const rows = [...strings.querySelectorAll('tbody tr.ant-table-row')].map((r) =>
      [...r.querySelectorAll('td')].map((c) => c.textContent),
    );
    expect(rows).toEqual([
      ['PV1', '380.2 V', '4.50 A', '1.71 kW'],
      ['PV2', '375.0 V', '4.10 A', '1.54 kW'],
    ]);
  });

  it('an inverter without string points has no DC strings card; an answer without `production` reads `energy`', () => {
    renderFigures({
      ...inverter,
      points: { acPower: 0 },
      production: undefined,
      flow: { direction: 'idle', powerW: 0 },
    });
    expect(screen.queryByTestId('device-dc-strings')).toBeNull();
    expect(figure('figure-power')).toBe('Idle');
    expect(figure('energy-total')).toBe('10.9 MWh');
    expect(screen.queryByTestId('figure-counter')).toBeNull();
  });

  it('a collector shows its signal in dBm and its connected devices', async () => {
    mockFetch(({ path, query }) =>
      path === '/devices' && query.get('parentId') === '9'
        ? {
            rows: [
              asDeviceRow({ ...inverter, id: 10, parentSn: collector.sn, onlineState: 'online' }),
              asDeviceRow({ ...meter, id: 11, parentSn: collector.sn, onlineState: 'offline' }),
            ],
            total: 2,
          }
        : null,
    );
    renderFigures(collector);
    expect(figure('figure-signal')).toBe('-63 dBm · Strong');
    expect(await screen.findByText('2 (1 online)')).toBeTruthy();
    expect(screen.queryByText(/production/i)).toBeNull();
    expect([-60, -70, -71, -85, -86, -100].map(signalQuality)).toEqual([
      'strong',
      'strong',
      'fair',
      'fair',
      'weak',
      'weak',
    ]);
  });
});
