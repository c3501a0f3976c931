import type { PlantRow } from '@pv/contract';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n, { initI18n, loadLanguage } from '@/lib/i18n';
import { renderWithProviders, signedInWith } from '@/test-utils';
import { PlantFormModal } from './plant-form-modal';
import { mockFetch } from '@/test-fetch';
import { aPlantRow } from '@/test-fixtures';

initI18n('en');

const plant: PlantRow = aPlantRow({
  id: 4,
  name: 'Berlin1',
  capacityKw: 8,
  country: 'DE',
  address: 'Hauptstr. 1',
  ownerId: 3,
  ownerName: 'Chen Jing',
  installPosition: 'roof',
  installCapacityWp: 8000,
  latitude: 52.5,
  longitude: 13.4,
  createdAt: 1795000000000,
});
const options = {
  owners: [{ id: 3, name: 'Chen Jing', nickname: 'chen', email: 'chen@example.com', orgId: 2 }],
  orgs: [{ id: 2, name: 'SunPath' }],
};

function serve() {
  return mockFetch(({ method, url }) =>
    method === 'POST'
      ? { id: 9 }
      : method !== 'GET'
        ? null
        : url.startsWith('/photo_voltaic/plants/options')
          ? options
          : null,
  );
}
const writes = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET');
const field = (name: string) => document.querySelector<HTMLInputElement>(`#plantForm_${name}`)!;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const save = () => fireEvent.click(screen.getByTestId('plant-form-ok'));

// antd's modal and selects mount slowly on a busy machine
describe('plant form', { timeout: 30_000 }, () => {
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('asks for the name and the capacity, and refuses what the §5 and plant rules refuse, sending nothing', async () => {
    signedInWith('plant:create');
    const fetch = serve();
    renderWithProviders(<PlantFormModal open onClose={() => {}} />);
    await screen.findByText('Create plant');
    save();
    expect(await screen.findByText('Plant name is required', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Capacity (kWp) is required')).toBeTruthy();
    // §5: a name is 1-30 letters, digits or Chinese characters
    type('name', 'Berlin roof #1');
    type('capacityKw', '0');
    type('latitude', '91');
    type('longitude', '-181');
    type('installCapacityWp', '0');
    save();
    expect(
      await screen.findByText('Name must be 1-30 letters, digits or Chinese characters', undefined, { timeout: 5000 }),
    ).toBeTruthy();
    expect(
      await screen.findByText('Capacity must be a number above 0 and at most 1,000,000 kWp', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText('Latitude must be between -90 and 90')).toBeTruthy();
    expect(screen.getByText('Longitude must be between -180 and 180')).toBeTruthy();
    expect(screen.getByText('Install capacity must be a whole number of Wp between 1 and 1,000,000,000')).toBeTruthy();
    expect(writes(fetch)).toEqual([]);
  });

  it('shows the rules in the language of the console (zh)', async () => {
    await loadLanguage('zh');
    await act(() => i18n.changeLanguage('zh'));
    signedInWith('plant:create');
    serve();
    renderWithProviders(<PlantFormModal open onClose={() => {}} />);
    await screen.findByText('新建电站');
    type('name', 'a b');
    type('capacityKw', '2000000');
    save();
    // the form (with its tariff fields) validates slowly on a loaded machine
    expect(await screen.findByText('名称须为1-30位字母、数字或汉字', undefined, { timeout: 5000 })).toBeTruthy();
    expect(
      await screen.findByText('容量须为大于 0 且不超过 1,000,000 kWp 的数字', undefined, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('creates a plant with the fields typed, in the browser time zone and on the roof by default', async () => {
    signedInWith('plant:create');
    const fetch = serve();
    const onClose = vi.fn();
    renderWithProviders(<PlantFormModal open onClose={onClose} />);
    await screen.findByText('Create plant');
    type('name', '柏林Roof2');
    type('capacityKw', '12.5');
    type('address', 'Unter den Linden 1');
    type('latitude', '52.52');
    type('longitude', '13.405');
    type('installCapacityWp', '12500');
    save();
    await waitFor(() => expect(writes(fetch)).toHaveLength(1));
    const [url, init] = writes(fetch)[0]!;
    expect(url).toBe('/photo_voltaic/plants');
    expect(init!.method).toBe('POST');
    expect(JSON.parse(init!.body as string)).toEqual({
      name: '柏林Roof2',
      capacityKw: 12.5,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      installPosition: 'roof',
      address: 'Unter den Linden 1',
      installedAt: null,
      latitude: 52.52,
      longitude: 13.405,
      installCapacityWp: 12500,
    });
    expect(await screen.findByText('Create Successful')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('opens a plant with its values and saves the change with PUT', async () => {
    signedInWith('plant:update');
    const fetch = serve();
    renderWithProviders(<PlantFormModal open plant={plant} onClose={() => {}} />);
    await screen.findByText('Edit plant');
    expect(field('name').value).toBe('Berlin1');
    expect(Number(field('capacityKw').value)).toBe(8);
    expect(field('address').value).toBe('Hauptstr. 1');
    type('name', 'Berlin9');
    type('capacityKw', '9.5');
    save();
    await waitFor(() => expect(writes(fetch)).toHaveLength(1));
    const [url, init] = writes(fetch)[0]!;
    expect(url).toBe('/photo_voltaic/plants/4');
    expect(init!.method).toBe('PUT');
    expect(JSON.parse(init!.body as string)).toMatchObject({
      name: 'Berlin9',
      capacityKw: 9.5,
      country: 'DE',
      timeZone: 'Europe/Berlin',
      address: 'Hauptstr. 1',
      ownerId: 3,
      orgId: 2,
      installPosition: 'roof',
      installCapacityWp: 8000,
      latitude: 52.5,
      longitude: 13.4,
      installedAt: null,
    });
    expect(await screen.findByText('Update Successful')).toBeTruthy();
  });
});
