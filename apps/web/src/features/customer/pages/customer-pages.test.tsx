import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { renderWithProviders, setViewport, signedInWith, withUserZone } from '@/test-utils';
import { mockFetch, respond, type FakeRequest } from '@/test-fetch';
import CustomerListPage from './customer-list-page';
import CustomerCancelPage from './customer-cancel-page';
import { anOrg } from '@/test-fixtures';

initI18n('en');
// forms validate asynchronously; this machine is shared and slow
vi.setConfig({ testTimeout: 30_000 });
const find = (text: string) => screen.findByText(text, undefined, { timeout: 8000 });
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const sent = (fetch: ReturnType<typeof mockFetch>, method: string) =>
  fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);

const customer = (id: number, name: string, extra: object = {}) => ({
  id,
  name,
  nickname: '',
  email: 'c***@customers.example',
  phone: '138****1002',
  address: '12 W****',
  orgId: 3,
  orgName: 'Green Roof Installers',
  loginName: null,
  loginState: null,
  plants: 2,
  createdAt: 1795000000000,
  ...extra,
});

// the page reads ?name= (the header search's customer results link there)
const renderList = (at = '/business_partners/clients_list') =>
  renderWithProviders(
    <MemoryRouter initialEntries={[at]}>
      <CustomerListPage />
    </MemoryRouter>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('customer list', () => {
  const serve = (extra?: (req: FakeRequest) => unknown) =>
    mockFetch((req) => {
      const answer = extra?.(req);
      if (answer !== undefined) return answer;
      if (req.method === 'GET' && req.path === '/customers')
        return {
          rows: [
            customer(2, 'Chen Jing', { loginName: 'customer', loginState: 'enabled' }),
            customer(5, 'Maria Lopez', { plants: 0 }),
          ],
          total: 2,
        };
      if (req.method === 'GET' && req.path === '/orgs') return [anOrg({ id: 3, name: 'Green Roof Installers' })];
      return undefined;
    });

  it("shows when each customer was created in the user's zone, the zone named (issue 42)", async () => {
    setViewport(1700); // the column shows from xxl
    try {
      signedInWith('customer:list');
      withUserZone('Asia/Tokyo');
      serve();
      renderList();
      expect(await find('Chen Jing')).toBeTruthy();
      expect([...document.querySelectorAll('.ant-table td .zoned-time')].map((el) => el.textContent)).toEqual([
        '2026-11-18 20:06:40 UTC+9',
        '2026-11-18 20:06:40 UTC+9',
      ]);
    } finally {
      setViewport(1024, 768);
    }
  });

  it('shows what the server sends (masked as it masked it), with plant counts and login accounts', async () => {
    signedInWith('customer:list');
    serve();
    renderList();
    expect(await find('Chen Jing')).toBeTruthy();
    expect(screen.getAllByText('c***@customers.example')).toHaveLength(2);
    expect(screen.getByText('customer')).toBeTruthy();
    expect(screen.getByText('none')).toBeTruthy();
    expect(screen.getByText('2 customers')).toBeTruthy();
    // without the buttons' permissions: no create, no export, no row actions
    expect(screen.queryByTestId('customer-create')).toBeNull();
    expect(screen.queryByTestId('customer-export')).toBeNull();
    expect(screen.queryByTestId('customer-delete-2')).toBeNull();
  });

  it('sends the search to the server', async () => {
    signedInWith('customer:list');
    const fetch = serve();
    renderList();
    await find('Chen Jing');
    type('customer-search-name', 'chen');
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(
        sent(fetch, 'GET').some(([u]) => String(u).includes('/customers?') && String(u).includes('name=chen')),
      ).toBe(true),
    );
  });

  // issue 42: the header search finds customers by name and opens this list on them
  it('lists the customers of the name in the address (?name=), in the search box too', async () => {
    signedInWith('customer:list');
    const fetch = serve();
    renderList('/business_partners/clients_list?name=Liu%20Yang');
    await find('Chen Jing');
    const asked = sent(fetch, 'GET')
      .map(([u]) => new URL(String(u), 'http://console'))
      .filter((u) => u.pathname.endsWith('/customers'));
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.map((u) => u.searchParams.get('name'))).toEqual(asked.map(() => 'Liu Yang'));
    expect((screen.getByTestId('customer-search-name') as HTMLInputElement).value).toBe('Liu Yang');
  });

  it('refuses a bad e-mail or phone and a login without e-mail before sending, then creates with a login', async () => {
    signedInWith('customer:list,customer:create');
    const fetch = serve((req) => (req.method === 'POST' ? { id: 9 } : undefined));
    renderList();
    await find('Chen Jing');
    fireEvent.click(screen.getByTestId('customer-create'));
    await screen.findByTestId('customer-name', undefined, { timeout: 10_000 }); // the form loads when first opened
    type('customer-name', 'Anna Schmidt');
    type('customer-email', 'anna@');
    type('customer-phone', 'call me');
    fireEvent.click(screen.getByTestId('customer-save'));
    expect(await find('Please enter a correct e-mail address')).toBeTruthy();
    expect(await find('Please enter a correct phone number')).toBeTruthy();
    type('customer-email', '');
    type('customer-phone', '');
    type('customer-login', 'anna');
    fireEvent.click(screen.getByTestId('customer-save'));
    expect(await find("Enter the customer's e-mail first: the first password is mailed to it")).toBeTruthy();
    expect(sent(fetch, 'POST')).toHaveLength(0);

    type('customer-email', 'anna@example.com');
    type('customer-phone', '+49 170 1234567');
    fireEvent.click(screen.getByTestId('customer-save'));
    await waitFor(() => expect(sent(fetch, 'POST')).toHaveLength(1));
    const [url, init] = sent(fetch, 'POST')[0]!;
    expect(String(url)).toBe('/photo_voltaic/customers');
    expect(JSON.parse(init!.body as string)).toMatchObject({
      name: 'Anna Schmidt',
      email: 'anna@example.com',
      phone: '+49 170 1234567',
      loginName: 'anna',
    });
    expect(await find('The account anna is open: its first password has been mailed to the customer')).toBeTruthy();
  });

  it('leaves masked fields out of an edit, so the server keeps them', async () => {
    signedInWith('customer:list,customer:update');
    const fetch = serve((req) => (req.method === 'PUT' ? null : undefined));
    renderList();
    await find('Maria Lopez');
    fireEvent.click(screen.getByTestId('customer-update-5'));
    await screen.findByTestId('customer-name', undefined, { timeout: 10_000 }); // the form loads when first opened
    type('customer-name', 'Maria López');
    fireEvent.click(screen.getByTestId('customer-save'));
    await waitFor(() => expect(sent(fetch, 'PUT')).toHaveLength(1));
    const body = JSON.parse(sent(fetch, 'PUT')[0]![1]!.body as string);
    expect(body.name).toBe('Maria López');
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('phone');
    expect(body).not.toHaveProperty('address');
  });

  it('asks before deleting and shows the server refusal while the customer owns plants', async () => {
    signedInWith('customer:list,customer:delete');
    const refusal = 'This customer still owns plants (2): give them another owner or delete them first';
    const fetch = serve((req) => (req.method === 'DELETE' ? respond({ code: 409, msg: refusal }) : undefined));
    renderList();
    await find('Chen Jing');
    fireEvent.click(screen.getByTestId('customer-delete-2'));
    const confirm = await find('Delete the customer Chen Jing? Their login account goes too.');
    expect(sent(fetch, 'DELETE')).toHaveLength(0);
    fireEvent.click(within(confirm.closest('.ant-popover') as HTMLElement).getByText('OK'));
    expect(await find(refusal)).toBeTruthy();
    expect(sent(fetch, 'DELETE')).toHaveLength(1);
  });
});

describe('account cancellation page', () => {
  it('sends the e-mail, then the code, and says the account is closed', async () => {
    const fetch = mockFetch((req) => (req.method === 'POST' ? null : undefined));
    renderWithProviders(
      <MemoryRouter>
        <CustomerCancelPage />
      </MemoryRouter>,
    );
    type('cancel-email', 'not-an-address');
    fireEvent.click(screen.getByTestId('cancel-send'));
    expect(await find('Please enter a correct e-mail address')).toBeTruthy();
    expect(sent(fetch, 'POST')).toHaveLength(0);
    type('cancel-email', 'owner@example.com');
    fireEvent.click(screen.getByTestId('cancel-send'));
    expect(await find('Message sent successfully')).toBeTruthy();
    type('cancel-code', '12a');
    fireEvent.click(screen.getByTestId('cancel-confirm'));
    expect(await find('The verification code is 6 digits')).toBeTruthy();
    type('cancel-code', '123456');
    fireEvent.click(screen.getByTestId('cancel-confirm'));
    expect(await screen.findByTestId('cancel-done', undefined, { timeout: 8000 })).toBeTruthy();
    const posts = sent(fetch, 'POST').map(([u, init]) => [String(u), JSON.parse(init!.body as string)]);
    expect(posts).toEqual([
      ['/photo_voltaic/customer/cancel/code', { email: 'owner@example.com' }],
      ['/photo_voltaic/customer/cancel/confirm', { email: 'owner@example.com', code: '123456' }],
    ]);
  });
});
