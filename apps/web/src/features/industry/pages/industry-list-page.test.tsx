import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { mockFetch, respond } from '@/test-fetch';
import { renderWithProviders, signedInWith } from '@/test-utils';
import IndustryListPage from './industry-list-page';

initI18n('en');
// forms validate asynchronously; this machine is shared and slow
vi.setConfig({ testTimeout: 30_000 });
const find = (text: string) => screen.findByText(text, undefined, { timeout: 8000 });

const industry = (id: number, code: string, name: string, extra: object = {}) => ({
  id,
  code,
  name,
  icon: 'inverter',
  sort: id * 10,
  enabled: true,
  createdAt: 1795000000000,
  updatedAt: 1795000000000,
  ...extra,
});
const rows = [
  industry(1, 'PVINV', 'SolarInverters'),
  industry(2, 'BATT', 'HomeStorage', { icon: 'battery', enabled: false }),
];

function api() {
  return mockFetch(({ method, url }) => {
    if (method === 'GET' && url.startsWith('/photo_voltaic/industries'))
      return respond({ code: 200, msg: 'ok', data: { rows, total: 2 } });
    if (method === 'POST')
      return respond({ code: 409, msg: 'An industry with the code PVINV already exists', data: null }, 409);
    return null;
  });
}
const sent = (fetch: ReturnType<typeof api>, method: string) =>
  fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('industries page', () => {
  it('lists industries with their icon name, state and a zone on the time', async () => {
    signedInWith('industry:create,industry:update,industry:delete');
    api();
    renderWithProviders(<IndustryListPage />);
    expect(await find('SolarInverters')).toBeTruthy();
    expect(screen.getByText('HomeStorage')).toBeTruthy();
    // the icon column names the kind in the reader's language; the state reads enabled / disabled
    expect(screen.getByText('Inverter')).toBeTruthy();
    expect(screen.getByText('Battery')).toBeTruthy();
    expect(screen.getByText('Enabled')).toBeTruthy();
    expect(screen.getByText('Disabled')).toBeTruthy();
    // the time of the last change names its zone
    expect(screen.getAllByText(/UTC|GMT|CST/).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('2 industries in total')).toBeTruthy();
  });

  it("refuses spec §5's name and code rules in the form before sending, then shows the server's 409", async () => {
    signedInWith('industry:create');
    const fetch = api();
    renderWithProviders(<IndustryListPage />);
    await find('SolarInverters');
    fireEvent.click(screen.getByTestId('industry-create'));
    await screen.findByTestId('industry-name', undefined, { timeout: 10_000 }); // the form loads when first opened
    type('industry-name', 'PV inverter');
    type('industry-code', 'PV-INV');
    fireEvent.click(screen.getByTestId('industry-save'));
    expect(await find('Name must be 1-30 letters, digits or Chinese characters')).toBeTruthy();
    expect(await find('Code must be 1-60 letters or digits')).toBeTruthy();
    expect(sent(fetch, 'POST')).toHaveLength(0);

    type('industry-name', '逆变器');
    type('industry-code', 'PVINV');
    fireEvent.click(screen.getByTestId('industry-save'));
    await waitFor(() => expect(sent(fetch, 'POST')).toHaveLength(1));
    expect(JSON.parse(sent(fetch, 'POST')[0]![1]!.body as string)).toEqual({
      name: '逆变器',
      code: 'PVINV',
      icon: 'other',
      sort: 0,
      enabled: true,
    });
    expect(await find('An industry with the code PVINV already exists')).toBeTruthy();
  });

  it('shows no create, edit or delete button without the permissions', async () => {
    signedInWith('');
    api();
    renderWithProviders(<IndustryListPage />);
    await find('SolarInverters');
    expect(screen.queryByTestId('industry-create')).toBeNull();
    expect(screen.queryByTestId('industry-edit-PVINV')).toBeNull();
    expect(screen.queryByTestId('industry-delete-PVINV')).toBeNull();
  });
});
