import type { PlantDetail, PlantDeviceRow } from '@pv/contract';
import { cleanup, screen, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { stubEventSource } from '@/test-event-source';
import { mockFetch } from '@/test-fetch';
import { renderWithProviders, signedInWith } from '@/test-utils';
import PlantDetailPage from './plant-detail-page';

initI18n('en');

const plant: PlantDetail = {
  id: 7,
  name: 'CapeTown1',
  capacityKw: 30,
  country: 'ZA',
  timeZone: 'Africa/Johannesburg',
  address: null,
  installedAt: null,
  dataUpdatedAt: null,
  ownerId: null,
  ownerName: null,
  installerOrgId: null,
  installerName: null,
  orgId: 2,
  orgName: 'SunPath',
  power: 12_000,
  energyToday: 40,
  energyMonth: 400,
  energyYear: 4000,
  energyTotal: 21_800,
  status: 'online',
  devices: 5,
  devicesOnline: 5,
  openFaults: 0,
  favourite: false,
  installPosition: null,
  installCapacityWp: null,
  latitude: null,
  longitude: null,
  createdAt: Date.UTC(2025, 0, 1),
  powerCompanyId: null,
  priceArea: null,
  currency: null,
  revenueToday: null,
  revenueTotal: null,
  owner: null,
  weather: { temperature: null, humidity: null, windSpeed: null, airPressure: null, at: null },
  energyFlow: { pv: 12_000, battery: -5000, batterySoc: 50, grid: -3650, load: 3350 },
  specificYield: null,
  performanceRatio: null,
  performanceRatioNote: null,
  access: 'org',
};
const row = (sn: string, type: PlantDeviceRow['type'], more: Partial<PlantDeviceRow>): PlantDeviceRow => ({
  id: sn.length,
  sn,
  name: sn,
  type,
  parentSn: null,
  onlineState: 'online',
  runState: 'run',
  lastOnlineAt: Date.UTC(2026, 10, 23, 10),
  power: null,
  ...more,
});
const devices = [
  row('INVP000901', 'inverter', { power: 12_000, direction: 'producing', powerW: 12_000 }),
  row('BATP000901', 'battery', { power: -5000, direction: 'charging', powerW: 5000 }),
  row('METP000901', 'meter', { power: -3650, direction: 'exporting', powerW: 3650 }),
  row('COLP000901', 'collector', { power: null, direction: null, powerW: null }),
  // an answer from before `direction`: the signed power read by the device's type
  row('BATP000902', 'battery', { power: 1250 }),
  row('METP000902', 'meter', { power: -800 }),
];

describe('plant device table: power as a direction and an unsigned figure', { timeout: 30_000 }, () => {
  beforeEach(() => {
    Cookies.set('Admin-Token', 'tok');
    stubEventSource();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    Cookies.remove('Admin-Token');
  });

  it('says Charging / Exporting with the power, never a minus sign, under a "Power" heading', async () => {
    signedInWith('plant:list');
    mockFetch(({ path }) =>
      path === '/plants/7'
        ? plant
        : path === '/plants/7/devices'
          ? { rows: devices, total: devices.length }
          : path === '/plants/7/chart'
            ? { kind: 'power', timeZone: plant.timeZone, points: [] }
            : path === '/plants/7/faults'
              ? { rows: [], total: 0 }
              : null,
    );
    renderWithProviders(
      <MemoryRouter initialEntries={['/power_station/power_station_detail?id=7']}>
        <PlantDetailPage />
      </MemoryRouter>,
    );
    await screen.findByTestId('plant-device-INVP000901', {}, { timeout: 20_000 });
    const power = (sn: string) => screen.getByTestId(`device-power-${sn}`).textContent;
    expect(power('INVP000901')).toBe('Producing 12.0 kW');
    expect(power('BATP000901')).toBe('Charging 5.00 kW');
    expect(power('METP000901')).toBe('Exporting 3.65 kW');
    expect(power('COLP000901')).toBe('—');
    expect(power('BATP000902')).toBe('Discharging 1.25 kW');
    expect(power('METP000902')).toBe('Exporting 800 W');
    const table = screen.getByTestId('plant-device-INVP000901').closest('table')!;
    const headers = [...table.querySelectorAll('thead th')].map((h) => h.textContent);
    expect(headers).toContain('Power');
    expect(headers).not.toContain('Production power');
    // the whole power column: words and unsigned figures
    const cells = within(table).getAllByTestId(/^device-power-/);
    expect(cells).toHaveLength(devices.length);
    for (const c of cells) expect(c.textContent).not.toMatch(/[-−]/);
  });
});
