import { cleanup, screen } from '@testing-library/react';
import { Form } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { mockFetch } from '@/test-fetch';
import { aPlantRow } from '@/test-fixtures';
import { renderWithProviders, signedInWith } from '@/test-utils';
import { RevenueCard } from './revenue-card';
import { TariffFields } from './tariff-fields';

initI18n('en');

function Fields() {
  const [form] = Form.useForm();
  return (
    <Form form={form}>
      <TariffFields form={form} open />
    </Form>
  );
}
const noTariff = aPlantRow({ id: 4, name: 'Berlin1', currency: null });

// issue 42: nothing led to the power companies, where a plant's tariff comes from
describe('links to the power companies and their prices', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("the plant form's tariff fields link to them in a new tab, for users with price:list", async () => {
    signedInWith('plant:create,price:list');
    mockFetch(({ path }) => (path === '/plants/power-companies' ? [] : null));
    renderWithProviders(<Fields />);
    const link = await screen.findByTestId('plant-tariffs-link');
    expect(link.getAttribute('href')).toBe('/systems/power-company');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.textContent).toBe('Power companies and prices');
  });

  it('the form shows no link to who may not open the page', async () => {
    signedInWith('plant:create');
    mockFetch(() => []);
    renderWithProviders(<Fields />);
    expect(await screen.findByText(/Company, price area and currency together/)).toBeTruthy();
    expect(screen.queryByTestId('plant-tariffs-link')).toBeNull();
  });

  it('"No tariff" on the revenue card links to them, for users with price:list only', async () => {
    signedInWith('plant:list,price:list');
    mockFetch(() => null);
    renderWithProviders(
      <MemoryRouter>
        <RevenueCard plant={noTariff} />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/No tariff/)).toBeTruthy();
    const link = screen.getByTestId('plant-revenue-tariffs');
    expect(link.getAttribute('href')).toBe('/systems/power-company');
    expect(link.textContent).toBe('Set up power companies and prices');
    cleanup();
    signedInWith('plant:list');
    renderWithProviders(
      <MemoryRouter>
        <RevenueCard plant={noTariff} />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/No tariff/)).toBeTruthy();
    expect(screen.queryByTestId('plant-revenue-tariffs')).toBeNull();
  });
});
