import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { renderWithProviders, signedInWith } from '@/test-utils';
import { mockFetch } from '@/test-fetch';
import PowerCompanyPage from './power-company-page';

initI18n('en');
vi.setConfig({ testTimeout: 30_000 });
const find = (text: string | RegExp) => screen.findByText(text, undefined, { timeout: 8000 });
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

const company = {
  id: 1,
  name: 'Stadtwerke Berlin',
  country: 'DE',
  currency: 'EUR',
  priceAreas: ['Berlin', 'Brandenburg'],
  plants: 2,
  prices: 1,
  createdAt: 1795000000000,
  updatedAt: 1795000000000,
};
const price = {
  id: 7,
  companyId: 1,
  companyName: 'Stadtwerke Berlin',
  currency: 'EUR',
  area: 'Berlin',
  kind: 'feedIn',
  validFrom: '2026-01-01',
  validTo: null,
  periods: [
    { name: 'peak', from: '08:00', to: '20:00', price: '0.30', days: 'all', months: [] },
    { name: 'offPeak', from: '20:00', to: '08:00', price: '0.10', days: 'all', months: [] },
  ],
  updatedBy: 'admin',
  updatedAt: 1795000000000,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('power companies and prices', () => {
  const serve = () =>
    mockFetch((req) => {
      if (req.method === 'GET' && req.path === '/power-companies') return { rows: [company], total: 1 };
      if (req.method === 'GET' && req.path === '/electricity-prices') return { rows: [price], total: 1 };
      if (req.method === 'GET' && req.path === '/revenue-recomputes/3')
        return {
          id: 3,
          state: 'running',
          fromDay: '2026-01-01',
          toDay: '9999-12-31',
          plantsTotal: 4,
          plantsDone: 1,
          createdAt: 0,
          finishedAt: null,
        };
      if (req.method === 'PUT')
        return {
          price,
          recompute: {
            id: 3,
            state: 'queued',
            fromDay: '2026-01-01',
            toDay: '9999-12-31',
            plantsTotal: 4,
            plantsDone: 0,
            createdAt: 0,
            finishedAt: null,
          },
        };
      return undefined;
    });

  it('lists the companies and the chosen one’s prices with their periods', async () => {
    signedInWith('price:list');
    serve();
    renderWithProviders(<PowerCompanyPage />);
    expect(await find('Stadtwerke Berlin')).toBeTruthy();
    expect(await find(/Electricity prices of Stadtwerke Berlin/)).toBeTruthy();
    // a known period in words (issue 42: not the code 'offPeak')
    expect(await find('Peak 08:00–20:00 · 0.30')).toBeTruthy();
    expect(screen.getByText('Off-peak 20:00–08:00 · 0.10')).toBeTruthy();
    expect(screen.getByText('until further notice')).toBeTruthy();
    expect(screen.queryByTestId('price-create')).toBeNull();
    // the price filters are named for a screen reader, not only by their placeholders (axe: label)
    expect(screen.getByRole('combobox', { name: 'Price area' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Price type' })).toBeTruthy();
  });

  it('pre-fills a new price with peak and off-peak in words, and shows a name of the user as typed', async () => {
    signedInWith('price:list,price:update,price:create');
    mockFetch((req) => {
      if (req.method === 'GET' && req.path === '/power-companies') return { rows: [company], total: 1 };
      if (req.method === 'GET' && req.path === '/electricity-prices')
        return {
          rows: [{ ...price, periods: [{ ...price.periods[0], name: 'Heures creuses', from: '00:00', to: '00:00' }] }],
          total: 1,
        };
      return undefined;
    });
    renderWithProviders(<PowerCompanyPage />);
    // a name of the user's own as typed; a whole day as such
    expect(await find('Heures creuses all day · 0.30')).toBeTruthy();
    fireEvent.click(screen.getByTestId('price-create'));
    await screen.findByTestId('price-form');
    const shown = (i: number) => screen.getByTestId(`period-name-${i}`).closest('.ant-select')!.textContent;
    expect(shown(0)).toBe('Peak');
    expect(shown(1)).toBe('Off-peak');
  });

  it('refuses periods that leave a gap before sending, then saves and shows the recompute progress', async () => {
    signedInWith('price:list,price:update,price:create');
    const fetch = serve();
    renderWithProviders(<PowerCompanyPage />);
    fireEvent.click(await screen.findByTestId('price-update-7', undefined, { timeout: 8000 }));
    await screen.findByTestId('price-form');
    type('period-from-1', '21:00');
    fireEvent.click(screen.getByTestId('price-save'));
    expect(await find('Time period setting must be correct')).toBeTruthy();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);
    type('period-from-1', '20:00');
    fireEvent.click(screen.getByTestId('price-save'));
    await waitFor(() => expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(1));
    const [, init] = fetch.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(JSON.parse(init!.body as string)).toMatchObject({
      companyId: 1,
      area: 'Berlin',
      validFrom: '2026-01-01',
      validTo: null,
      // the periods keep their codes, whatever language the form showed them in
      periods: [{ name: 'peak' }, { name: 'offPeak' }],
    });
    expect(await find(/Computing revenue from 2026-01-01 to until further notice again: 1 of 4 plants/)).toBeTruthy();
  });
});
