import { DEFAULT_CAPABILITIES, type DeviceCapabilities, type DeviceType } from '@pv/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { stubEventSource } from '@/test-event-source';
import { renderWithProviders } from '@/test-utils';
import { ControlPanel } from './control-panel';
import { DeviceControlSection } from './control-panel-section';
import { mockFetch, respond } from '@/test-fetch';

initI18n('en');

const inverter = { id: 5, name: 'Roof inverter', sn: 'INV-0005' };
const battery = { id: 8, name: 'Garage battery', sn: 'BAT-0001' };
const command = {
  id: 1,
  cmdId: 'c',
  kind: 'control',
  params: {},
  status: 'processing',
  ackContent: null,
  resultKey: 'commandResult.processing',
  resultValues: {},
  source: 'console',
  sentBy: 'admin',
  createdAt: 1,
  updatedAt: 1,
};

function serve() {
  return mockFetch(() => respond({ code: 200, msg: 'Push Success', data: command }));
}
const posts = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => [String(url), JSON.parse(init!.body as string) as unknown]);
const confirmDialog = () => screen.findByRole('dialog', {}, { timeout: 5000 });

describe('control panel', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('refuses overlapping periods with the §5 message and sends nothing', async () => {
    const fetch = serve();
    renderWithProviders(<ControlPanel device={inverter} capabilities={DEFAULT_CAPABILITIES.inverter} />);
    fireEvent.change(screen.getByTestId('control-power'), { target: { value: '3000' } });
    fireEvent.click(screen.getByTestId('period-add'));
    fireEvent.click(screen.getByTestId('period-add'));
    fireEvent.change(screen.getByTestId('period-start-0'), { target: { value: '08:00' } });
    fireEvent.change(screen.getByTestId('period-end-0'), { target: { value: '12:00' } });
    fireEvent.change(screen.getByTestId('period-start-1'), { target: { value: '11:00' } });
    fireEvent.change(screen.getByTestId('period-end-1'), { target: { value: '13:00' } });
    fireEvent.click(screen.getByTestId('control-push'));
    expect(await screen.findByTestId('control-error')).toBeTruthy();
    expect(screen.getAllByText('Time period setting and power setting must be correct').length).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses PCS charge without a power', async () => {
    const fetch = serve();
    renderWithProviders(<ControlPanel device={inverter} capabilities={DEFAULT_CAPABILITIES.inverter} />);
    fireEvent.click(screen.getByTestId('control-push'));
    expect(await screen.findByTestId('control-error')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("refuses a battery's power outside its declared range with the server's message, and sends nothing", async () => {
    const fetch = serve();
    renderWithProviders(<ControlPanel device={battery} capabilities={DEFAULT_CAPABILITIES.battery} />);
    // the declared range and step, with the unit, under the input
    expect(screen.getByText('From 0 W to 5,000 W, in steps of 100 W')).toBeTruthy();
    fireEvent.change(screen.getByTestId('control-power'), { target: { value: '99999' } });
    fireEvent.click(screen.getByTestId('control-push'));
    expect(
      await screen.findByText(
        'Power for BAT-0001 must be from 0 W to 5,000 W, in steps of 100 W: nothing was sent',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    // not clamped to the maximum behind the user's back
    expect((screen.getByTestId('control-power') as HTMLInputElement).value).toBe('99999');
    // off the 100 W steps
    fireEvent.change(screen.getByTestId('control-power'), { target: { value: '2550' } });
    fireEvent.click(screen.getByTestId('control-push'));
    expect(
      await screen.findByText('Power for BAT-0001 must be from 0 W to 5,000 W, in steps of 100 W: nothing was sent'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends a command only after the confirmation naming the device and the value, then says "Push Success"', async () => {
    const fetch = serve();
    renderWithProviders(<ControlPanel device={battery} capabilities={DEFAULT_CAPABILITIES.battery} />);
    fireEvent.change(screen.getByTestId('control-power'), { target: { value: '3000' } });
    fireEvent.click(screen.getByTestId('control-push'));
    const first = await confirmDialog();
    expect(within(first).getAllByText('Charge Garage battery (BAT-0001) at 3,000 W?').length).toBeGreaterThan(0);
    expect(within(first).getByText('At once, until changed.')).toBeTruthy();
    fireEvent.click(within(first).getByTestId('command-confirm-cancel'));
    // the cancelled question sends nothing: below, once the next command has gone, the one POST is
    // that second command (with its period)
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('period-add'));
    fireEvent.change(screen.getByTestId('period-start-0'), { target: { value: '08:00' } });
    fireEvent.change(screen.getByTestId('period-end-0'), { target: { value: '12:00' } });
    fireEvent.click(screen.getByTestId('control-push'));
    // the second question (the first one, cancelled, may still be fading out)
    const second = (await screen.findByText('Only during 08:00–12:00.')).closest<HTMLElement>('.ant-modal-confirm')!;
    expect(within(second).getAllByText('Charge Garage battery (BAT-0001) at 3,000 W?').length).toBeGreaterThan(0);
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(within(second).getByTestId('command-confirm-ok'));
    await waitFor(() => expect(posts(fetch)).toHaveLength(1));
    expect(posts(fetch)[0]).toEqual([
      '/photo_voltaic/devices/8/commands',
      {
        kind: 'control',
        params: { target: 'pcs', mode: 'charge', power: 3000, periods: [{ start: '08:00', end: '12:00' }] },
      },
    ]);
    expect(await screen.findByText('Push Success')).toBeTruthy();
    expect(posts(fetch)).toHaveLength(1);
  });

  it("offers only the device's declared targets and modes, with Stop for the PCS", async () => {
    serve();
    renderWithProviders(
      <ControlPanel
        device={battery}
        capabilities={{
          controls: [{ target: 'pcs', modes: ['discharge', 'close'], power: { min: 500, max: 2000, step: 500 } }],
          settings: [],
          reboot: false,
          ota: false,
        }}
      />,
    );
    // one target: no target choice; its modes only
    expect(screen.queryByTestId('control-target')).toBeNull();
    const modes = within(screen.getByTestId('control-mode'));
    expect(modes.getByText('Discharge')).toBeTruthy();
    expect(modes.getByText('Stop')).toBeTruthy();
    expect(modes.queryByText('Charge')).toBeNull();
    expect(screen.getByText('From 500 W to 2,000 W, in steps of 500 W')).toBeTruthy();
    expect(screen.queryByTestId('setting-panel')).toBeNull();
    expect(screen.queryByTestId('reboot-push')).toBeNull();
  });

  it("sets an inverter's power limit within its range after confirming", async () => {
    const fetch = serve();
    renderWithProviders(<ControlPanel device={inverter} capabilities={DEFAULT_CAPABILITIES.inverter} />);
    fireEvent.change(screen.getByTestId('setting-value'), { target: { value: '120' } });
    fireEvent.click(screen.getByTestId('setting-push'));
    expect(
      await screen.findByText(
        'powerLimit of INV-0005 must be a number from 0% to 100%, in steps of 1%: nothing was sent',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    fireEvent.change(screen.getByTestId('setting-value'), { target: { value: '80' } });
    fireEvent.click(screen.getByTestId('setting-push'));
    const dialog = await confirmDialog();
    expect(
      within(dialog).getAllByText('Set Active power limit of Roof inverter (INV-0005) to 80%?').length,
    ).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByTestId('command-confirm-ok'));
    await waitFor(() => expect(posts(fetch)).toHaveLength(1));
    expect(posts(fetch)[0]![1]).toEqual({ kind: 'setting', params: { powerLimit: 80 } });
  });
});

describe('device control section', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  function serveDevice(type: DeviceType, canControl = true, commands: unknown[] = []) {
    stubEventSource();
    return mockFetch(({ path }): unknown => {
      if (path === '/devices/9/capabilities')
        return {
          deviceId: 9,
          sn: 'DEV-9',
          type,
          productId: 1,
          productName: 'Product',
          source: 'type',
          capabilities: DEFAULT_CAPABILITIES[type],
          canControl,
          canOta: canControl,
        } satisfies DeviceCapabilities;
      if (path === '/devices/9/commands') return { rows: commands, total: commands.length };
      return null;
    });
  }
  const renderSection = () =>
    renderWithProviders(
      <DeviceControlSection device={{ id: 9, name: 'Device 9', sn: 'DEV-9', onlineState: 'online' }} />,
    );

  it('a meter shows no controls, and says it takes no commands', async () => {
    serveDevice('meter');
    renderSection();
    expect(
      await screen.findByText('This device takes no commands from the console: it only reports its readings.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('device-controls')).toBeNull();
    expect(screen.queryByTestId('control-panel')).toBeNull();
    // no empty table under the sentence
    expect(screen.queryByTestId('command-history')).toBeNull();
  });

  it("a meter's old commands (sent before its product said so) are still listed", async () => {
    serveDevice('meter', true, [{ ...command, kind: 'reboot' }]);
    renderSection();
    expect(await screen.findByTestId('command-history')).toBeTruthy();
    expect(await screen.findByTestId('control-none')).toBeTruthy();
    expect(screen.queryByTestId('device-controls')).toBeNull();
  });

  it('a collector offers a restart only', async () => {
    serveDevice('collector');
    renderSection();
    expect(await screen.findByTestId('reboot-push')).toBeTruthy();
    expect(screen.queryByTestId('control-panel')).toBeNull();
    expect(screen.queryByTestId('setting-panel')).toBeNull();
    expect(screen.queryByTestId('control-none')).toBeNull();
  });

  it('a battery shows its controls, but not to a user who may not send it commands', async () => {
    serveDevice('battery');
    const view = renderSection();
    expect(await screen.findByTestId('control-panel')).toBeTruthy();
    view.unmount();
    vi.unstubAllGlobals();
    serveDevice('battery', false);
    renderSection();
    await screen.findByTestId('command-history');
    // the section has its capabilities (no longer busy) and shows no panel
    await waitFor(() => expect(screen.getByTestId('device-commands').getAttribute('aria-busy')).toBe('false'));
    expect(screen.queryByTestId('control-panel')).toBeNull();
    expect(screen.queryByTestId('device-controls')).toBeNull();
  });
});
