import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RemoteSelect } from '@/components/remote-select';
import { initI18n } from '@/lib/i18n';
import { mockFetch } from '@/test-fetch';
import { renderWithProviders } from '@/test-utils';
import { useCustomerOptionSearch } from './customer-options';

initI18n('en');
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// the plant form's owner picker: the server searches the customers in the caller's scope as one types
describe('customer owner picker', () => {
  it('asks the server for what is typed and offers its answer', async () => {
    const fetch = mockFetch((req) =>
      req.path === '/customers/options'
        ? req.url.includes('keyword=mar')
          ? [{ id: 10, name: 'Maria Lopez (Maria)', orgId: 4 }]
          : [{ id: 3, name: 'Chen Jing (Jing)', orgId: 2 }]
        : undefined,
    );
    const picked = vi.fn();
    renderWithProviders(
      <RemoteSelect<number>
        open
        useOptions={useCustomerOptionSearch}
        onChange={picked}
        currentLabel="Wang Fang"
        value={99}
        data-testid="owner"
      />,
    );
    expect(await screen.findByText('Chen Jing (Jing)')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'mar' } });
    const maria = await screen.findByText('Maria Lopez (Maria)', undefined, { timeout: 8000 });
    await waitFor(() =>
      expect(fetch.mock.calls.some(([u]) => String(u).includes('/customers/options?keyword=mar'))).toBe(true),
    );
    fireEvent.click(maria);
    expect(picked).toHaveBeenCalledWith(10);
  });
});
