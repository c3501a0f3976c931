import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_ENDPOINT_COUNTRY } from '@pv/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { renderWithProviders, setViewport, signedInWith, withUserZone } from '@/test-utils';
import MqttPage from './mqtt-page';
import { mockFetch, respond } from '@/test-fetch';

initI18n('en');
// forms validate asynchronously; this machine is shared and slow
vi.setConfig({ testTimeout: 30_000 });
const find = (text: string | RegExp) => screen.findByText(text, undefined, { timeout: 8000 });

const rows = [
  {
    id: 7,
    serviceAddress: 'mqtt://eu.pv.example:1883',
    username: 'eu-devices',
    userKey: 'secret-eu-key',
    httpPort: 8443,
    country: 'Germany',
    topic: 'pv/{sn}/up/telemetry',
    createdAt: 1795000000000,
  },
];
const archive = { filingRate: 'daily', storageMedium: 'database', retentionDays: 90, lastFiledAt: null, lastPruned: 0 };

type Reply = { status?: number; body: object };
function serve(route: (method: string, url: string, body: unknown) => Reply | undefined = () => undefined) {
  return mockFetch(({ method, url, body }) => {
    const r = route(method, url, body);
    if (r) return respond(r.body as { code: number; msg: string }, r.status ?? 200);
    if (method === 'GET' && url.startsWith('/photo_voltaic/mqtt-configs')) return { rows, total: 1 };
    if (method === 'GET' && url.startsWith('/photo_voltaic/archive-config')) return archive;
    return method === 'POST' ? { id: 8 } : null;
  });
}
const sent = (fetch: ReturnType<typeof serve>, method: string) =>
  fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MQTT/HTTP endpoints (/systems/mqtt)', () => {
  it('lists the records with the key masked, and offers no buttons without the permissions', async () => {
    signedInWith('cmd:push');
    const fetch = serve();
    renderWithProviders(<MqttPage />);
    expect(await find('Germany')).toBeTruthy();
    expect(String(fetch.mock.calls.find(([u]) => String(u).includes('mqtt-configs'))![0])).toBe(
      '/photo_voltaic/mqtt-configs?pageNum=1&pageSize=20',
    );
    expect(screen.getByTestId('mqtt-key').textContent).toBe('se••••••');
    expect(screen.queryByText('secret-eu-key')).toBeNull();
    expect(screen.queryByTestId('mqtt-create')).toBeNull();
    expect(screen.queryByTestId('mqtt-edit-7')).toBeNull();
    expect(screen.queryByTestId('mqtt-delete-7')).toBeNull();
    // the archive form is shown read only
    expect(await screen.findByTestId('archive-form', undefined, { timeout: 8000 })).toBeTruthy();
    expect(screen.queryByTestId('archive-save')).toBeNull();
  });

  it("shows the record's creation and the last filing in the user's zone, the zone named (issue 42)", async () => {
    setViewport(1440); // the created column shows from xl
    try {
      signedInWith('mqtt:list');
      withUserZone('Asia/Tokyo');
      serve((method, url) =>
        method === 'GET' && url.startsWith('/photo_voltaic/archive-config')
          ? { body: { code: 200, msg: 'ok', data: { ...archive, lastFiledAt: Date.UTC(2026, 11, 7, 15, 50, 1) } } }
          : undefined,
      );
      renderWithProviders(<MqttPage />);
      expect(await find('Germany')).toBeTruthy();
      expect([...document.querySelectorAll('.ant-table td .zoned-time')].map((el) => el.textContent)).toEqual([
        '2026-11-18 20:06:40 UTC+9',
      ]);
      // 15:50:01 UTC is 00:50:01 the next day in Tokyo
      const filed = await screen.findByTestId('archive-last-filed', undefined, { timeout: 8000 });
      expect(filed.textContent).toBe('2026-12-08 00:50:01 UTC+9');
    } finally {
      setViewport(1024, 768);
    }
  });

  it("names the embedded broker's own endpoint, filed under no country, in the console's language", async () => {
    signedInWith('cmd:push');
    mockFetch(({ method, url }) => {
      if (method === 'GET' && url.startsWith('/photo_voltaic/mqtt-configs'))
        return { rows: [{ ...rows[0]!, id: 1, country: DEFAULT_ENDPOINT_COUNTRY }], total: 1 };
      if (method === 'GET' && url.startsWith('/photo_voltaic/archive-config')) return archive;
      return null;
    });
    renderWithProviders(<MqttPage />);
    expect(await find('Default (every country)')).toBeTruthy();
    expect(screen.queryByText(DEFAULT_ENDPOINT_COUNTRY)).toBeNull();
  });

  it('refuses what the contract refuses before sending, then creates a record', async () => {
    signedInWith('mqtt:create');
    const fetch = serve();
    renderWithProviders(<MqttPage />);
    fireEvent.click(await screen.findByTestId('mqtt-create', undefined, { timeout: 8000 }));
    await screen.findByTestId('mqtt-form-address', undefined, { timeout: 10_000 }); // the form loads when first opened
    type('mqtt-form-address', 'http://x y');
    type('mqtt-form-port', '70000');
    type('mqtt-form-topic', 'pv/{sn}/up telemetry');
    fireEvent.click(screen.getByTestId('mqtt-form-ok'));
    expect(await find('Please enter a host name or an mqtt:// address')).toBeTruthy();
    expect(await find('The port must be between 1 and 65535')).toBeTruthy();
    expect(await find('The topic may contain letters, digits, / _ - + # and {sn}')).toBeTruthy();
    expect(await find('User is required')).toBeTruthy();
    expect(await find('Key is required')).toBeTruthy();
    expect(await find('Country is required')).toBeTruthy();
    expect(sent(fetch, 'POST')).toHaveLength(0);

    type('mqtt-form-address', 'mqtts://asia.pv.example:8883');
    type('mqtt-form-port', '443');
    type('mqtt-form-topic', 'pv/{sn}/up/#');
    type('mqtt-form-username', 'asia-devices');
    type('mqtt-form-key', 'k3y');
    type('mqtt-form-country', ' Japan ');
    fireEvent.click(screen.getByTestId('mqtt-form-ok'));
    await waitFor(() => expect(sent(fetch, 'POST')).toHaveLength(1));
    expect(String(sent(fetch, 'POST')[0]![0])).toBe('/photo_voltaic/mqtt-configs');
    expect(JSON.parse(sent(fetch, 'POST')[0]![1]!.body as string)).toEqual({
      serviceAddress: 'mqtts://asia.pv.example:8883',
      username: 'asia-devices',
      userKey: 'k3y',
      httpPort: 443,
      country: 'Japan',
      topic: 'pv/{sn}/up/#',
    });
    expect(await find('Create Successful')).toBeTruthy();
  });

  it('edits a record without sending the key unless it is retyped, and deletes only after the confirmation', async () => {
    signedInWith('mqtt:update,mqtt:delete');
    const fetch = serve();
    renderWithProviders(<MqttPage />);
    fireEvent.click(await screen.findByTestId('mqtt-edit-7', undefined, { timeout: 8000 }));
    expect((screen.getByTestId('mqtt-form-address') as HTMLInputElement).value).toBe('mqtt://eu.pv.example:1883');
    expect((screen.getByTestId('mqtt-form-key') as HTMLInputElement).value).toBe('');
    type('mqtt-form-country', 'Austria');
    fireEvent.click(screen.getByTestId('mqtt-form-ok'));
    await waitFor(() => expect(sent(fetch, 'PUT')).toHaveLength(1));
    expect(String(sent(fetch, 'PUT')[0]![0])).toBe('/photo_voltaic/mqtt-configs/7');
    expect(JSON.parse(sent(fetch, 'PUT')[0]![1]!.body as string)).toEqual({
      serviceAddress: 'mqtt://eu.pv.example:1883',
      username: 'eu-devices',
      httpPort: 8443,
      country: 'Austria',
      topic: 'pv/{sn}/up/telemetry',
    });

    fireEvent.click(screen.getByTestId('mqtt-delete-7'));
    const confirm = await find('Delete the endpoint mqtt://eu.pv.example:1883 for Germany?');
    expect(sent(fetch, 'DELETE')).toHaveLength(0);
    fireEvent.click(
      within(confirm.closest('.ant-popover') as HTMLElement)
        .getAllByRole('button')
        .at(-1)!,
    );
    await waitFor(() =>
      expect(sent(fetch, 'DELETE').map(([u]) => String(u))).toEqual(['/photo_voltaic/mqtt-configs/7']),
    );
  });

  it('checks the retention in the archive form, and saves the configuration', async () => {
    signedInWith('mqtt:update');
    const fetch = serve();
    renderWithProviders(<MqttPage />);
    const retention = (await screen.findByTestId('archive-retention', undefined, {
      timeout: 8000,
    })) as HTMLInputElement;
    await waitFor(() => expect(retention.value).toBe('90'));
    expect(screen.getByTestId('archive-last-filed').textContent).toBe('Not filed yet');
    fireEvent.change(retention, { target: { value: '5000' } });
    fireEvent.click(screen.getByTestId('archive-save'));
    expect(await find('Retention must be between 1 and 3650 days')).toBeTruthy();
    expect(sent(fetch, 'PUT')).toHaveLength(0);
    fireEvent.change(retention, { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('archive-save'));
    await waitFor(() => expect(sent(fetch, 'PUT')).toHaveLength(1));
    expect(String(sent(fetch, 'PUT')[0]![0])).toBe('/photo_voltaic/archive-config');
    expect(JSON.parse(sent(fetch, 'PUT')[0]![1]!.body as string)).toEqual({
      filingRate: 'daily',
      storageMedium: 'database',
      retentionDays: 30,
    });
    expect(await find('Setting Is Successful')).toBeTruthy();
  });
});
