import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { renderWithProviders, signedInWith } from '@/test-utils';
import { mockFetch, respond, type FakeRequest } from '@/test-fetch';
import ProviderListPage from './provider-list-page';
import ProviderManagementPage from './provider-management-page';

initI18n('en');
// forms validate asynchronously; this machine is shared and slow
vi.setConfig({ testTimeout: 30_000 });
const find = (text: string) => screen.findByText(text, undefined, { timeout: 8000 });
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

const provider = (id: number, name: string, extra: object = {}) => ({
  id,
  name,
  code: `SP-${id}`,
  address: '12 Wensan Road, Hangzhou',
  providerType: 'om',
  contact: 'Li Wei',
  phone: '+86 571 8765 4321',
  serviceType: 'fullService',
  serviceArea: 'Zhejiang',
  contractNo: 'SP-2024-0317',
  contractStatus: 'active',
  certification: 'ISO 9001',
  projects: 3,
  lastMaintenanceAt: '2026-10-18',
  remarks: null,
  createdAt: 1795000000000,
  ...extra,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sent = (fetch: ReturnType<typeof mockFetch>, method: string) =>
  fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);

describe('service provider list', () => {
  const serve = (extra?: (req: FakeRequest) => unknown) =>
    mockFetch((req) => {
      const answer = extra?.(req);
      if (answer !== undefined) return answer;
      if (req.method === 'GET' && req.path === '/providers')
        return {
          rows: [
            provider(2, 'SunPath Services'),
            provider(4, 'Delta Energy Services', { projects: 1, contractStatus: 'expired' }),
          ],
          total: 2,
        };
      return undefined;
    });

  it('shows the profile fields with their words and the projects counted by the server', async () => {
    signedInWith('provider:list');
    serve();
    renderWithProviders(<ProviderListPage />);
    expect(await find('SunPath Services')).toBeTruthy();
    expect(screen.getByText('Expired')).toBeTruthy();
    expect(screen.getAllByText('In force')).toHaveLength(1);
    expect(screen.getAllByText('SP-2024-0317').length).toBe(2);
    // without the buttons' permissions: no create, no export, no row actions
    expect(screen.queryByTestId('provider-create')).toBeNull();
    expect(screen.queryByTestId('provider-export')).toBeNull();
    expect(screen.queryByTestId('provider-delete-2')).toBeNull();
  });

  it('sends the search to the server', async () => {
    signedInWith('provider:list');
    const fetch = serve();
    renderWithProviders(<ProviderListPage />);
    await find('SunPath Services');
    type('provider-keyword', 'zhejiang');
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(
        sent(fetch, 'GET').some(([u]) => String(u).includes('/providers?') && String(u).includes('keyword=zhejiang')),
      ).toBe(true),
    );
  });

  it('refuses a bad name, phone or contract number before sending, then creates with the day as text', async () => {
    signedInWith('provider:list,provider:create');
    const fetch = serve((req) => (req.method === 'POST' ? provider(9, 'Sunny') : undefined));
    renderWithProviders(<ProviderListPage />);
    await find('SunPath Services');
    fireEvent.click(screen.getByTestId('provider-create'));
    await screen.findByTestId('provider-name', undefined, { timeout: 10_000 }); // the form loads when first opened
    type('provider-name', 'bad name!');
    type('provider-phone', 'call me');
    type('provider-contract', '-x');
    fireEvent.click(screen.getByTestId('provider-save'));
    expect(await find('Name must be 1-30 letters, digits or Chinese characters')).toBeTruthy();
    expect(await find('Please enter a correct phone number')).toBeTruthy();
    expect(
      await find('Identifier must contain letters, digits or hyphens and start with a letter or digit'),
    ).toBeTruthy();
    expect(sent(fetch, 'POST')).toHaveLength(0);

    type('provider-name', 'Sunny');
    type('provider-phone', '+86 21 6000 1234');
    type('provider-contract', 'SUN-2026-01');
    type('provider-area', 'Suzhou');
    fireEvent.click(screen.getByTestId('provider-save'));
    await waitFor(() => expect(sent(fetch, 'POST')).toHaveLength(1));
    const [url, init] = sent(fetch, 'POST')[0]!;
    expect(String(url)).toBe('/photo_voltaic/providers');
    expect(JSON.parse(init!.body as string)).toMatchObject({
      name: 'Sunny',
      phone: '+86 21 6000 1234',
      contractNo: 'SUN-2026-01',
      serviceArea: 'Suzhou',
      contractStatus: 'active',
      lastMaintenanceAt: '',
    });
    expect(await find('Create Successful')).toBeTruthy();
  });

  it('asks before deleting and shows the server refusal while plants are assigned', async () => {
    signedInWith('provider:list,provider:delete');
    const fetch = serve((req) =>
      req.method === 'DELETE'
        ? respond({
            code: 409,
            msg: 'This service provider still serves plants (3): reassign them to another provider first',
          })
        : undefined,
    );
    renderWithProviders(<ProviderListPage />);
    await find('SunPath Services');
    fireEvent.click(screen.getByTestId('provider-delete-2'));
    const confirm = await find('Delete the service provider SunPath Services? This cannot be undone.');
    expect(sent(fetch, 'DELETE')).toHaveLength(0);
    fireEvent.click(within(confirm.closest('.ant-popover') as HTMLElement).getByText('OK'));
    expect(
      await find('This service provider still serves plants (3): reassign them to another provider first'),
    ).toBeTruthy();
    expect(String(sent(fetch, 'DELETE')[0]![0])).toBe('/photo_voltaic/providers/2');
  });
});

describe('service provider management', () => {
  const plant = (id: number, name: string, providerId: number | null, providerName: string | null) => ({
    id,
    name,
    address: null,
    capacityWp: 8200,
    orgId: 1,
    orgName: 'PV Platform',
    providerId,
    providerName,
  });
  const serve = () =>
    mockFetch((req) => {
      if (req.path === '/providers/options')
        return [
          { id: 2, name: 'SunPath Services' },
          { id: 4, name: 'Delta Energy Services' },
        ];
      if (req.method === 'GET' && req.path === '/provider-plants')
        return {
          rows: [plant(11, 'Hangzhou Roof 1', 2, 'SunPath Services'), plant(12, 'Madrid Roof 2', null, null)],
          total: 2,
        };
      if (req.method === 'PUT') return respond({ code: 200, msg: 'Allocation Success', data: null });
      return undefined;
    });

  it('assigns several plants at once after the confirmation, or says the allocation was cancelled', async () => {
    signedInWith('provider:manage,provider:assign');
    const fetch = serve();
    renderWithProviders(<ProviderManagementPage />);
    expect(await find('Hangzhou Roof 1')).toBeTruthy();
    expect(screen.getByText('No provider')).toBeTruthy();
    const assignSelected = screen.getByTestId('provider-assign-selected');
    expect(assignSelected.hasAttribute('disabled')).toBe(true);
    const boxes = within(screen.getByTestId('provider-plant-table')).getAllByRole('checkbox');
    fireEvent.click(boxes[1]!);
    fireEvent.click(boxes[2]!);
    await waitFor(() => expect(screen.getByTestId('provider-assign-selected').hasAttribute('disabled')).toBe(false));
    expect(screen.getByText('Assign 2 plants')).toBeTruthy();

    // first time: pick Delta, then cancel the confirmation
    fireEvent.click(screen.getByTestId('provider-assign-selected'));
    fireEvent.mouseDown(
      document.querySelector(
        '[data-testid="provider-assign-select"] .ant-select-selector, [data-testid="provider-assign-select"]',
      )!,
    );
    fireEvent.click(await screen.findByTitle('Delta Energy Services'));
    fireEvent.click(screen.getByTestId('provider-assign-ok'));
    expect(await find('Hand 2 plants over to Delta Energy Services?')).toBeTruthy();
    expect(screen.getAllByText('Reassign service provider?').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('provider-assign-cancel'));
    expect(await find('Allocation cancelled')).toBeTruthy();
    expect(sent(fetch, 'PUT')).toHaveLength(0);

    // then confirm
    fireEvent.click(screen.getByTestId('provider-assign-ok'));
    fireEvent.click(await screen.findByTestId('provider-assign-confirm'));
    await waitFor(() => expect(sent(fetch, 'PUT')).toHaveLength(1));
    const [url, init] = sent(fetch, 'PUT')[0]!;
    expect(String(url)).toBe('/photo_voltaic/provider-plants/assign');
    expect(JSON.parse(init!.body as string)).toEqual({ providerId: 4, plantIds: [11, 12] });
    expect(await find('Allocation Success')).toBeTruthy();
  });

  it('shows no selection or assign action without the assign permission', async () => {
    signedInWith('provider:manage');
    serve();
    renderWithProviders(<ProviderManagementPage />);
    await find('Hangzhou Roof 1');
    expect(screen.queryByTestId('provider-assign-selected')).toBeNull();
    expect(screen.queryByTestId('provider-assign-11')).toBeNull();
    expect(within(screen.getByTestId('provider-plant-table')).queryAllByRole('checkbox')).toHaveLength(0);
  });
});
