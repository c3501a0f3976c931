import { cleanup, screen, within } from '@testing-library/react';
import type { FaultDetail } from '@pv/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { mockFetch, respond } from '@/test-fetch';
import { renderWithProviders, signedInWith } from '@/test-utils';
import { FaultDetailDrawer } from './fault-detail-drawer';

initI18n('en');

const HOUR = 3_600_000;
const opened = Date.parse('2026-11-20T06:00:00Z');
const detail: FaultDetail = {
  id: 5,
  deviceId: 11,
  sn: 'INV-0001',
  deviceName: 'Roof inverter',
  plantId: 3,
  plantName: 'Cape Town Roof',
  plantTimeZone: 'Africa/Johannesburg',
  code: 'F07',
  title: 'Grid overvoltage',
  message: 'Vac 264 V',
  severity: 'critical',
  state: 'fixed',
  processing: 'fixed',
  occurrences: 3,
  openedAt: opened,
  lastSeenAt: opened + HOUR,
  recoveredAt: opened + HOUR,
  fixedAt: opened + 2 * HOUR,
  handledBy: 'Ana Ops',
  handledAt: opened + 2 * HOUR,
  durationMs: 2 * HOUR,
  suggestedAction: 'Check the grid voltage at the point of connection.',
  productName: 'SunWave 5K',
  canHandle: true,
  history: [
    { id: 1, at: opened, action: 'opened', userId: null, userName: null, note: null },
    { id: 2, at: opened + 30 * 60_000, action: 'acknowledged', userId: 7, userName: 'Ana Ops', note: null },
    {
      id: 3,
      at: opened + 2 * HOUR,
      action: 'fixed',
      userId: 7,
      userName: 'Ana Ops',
      note: 'Tap changer reset by the utility',
    },
  ],
};

describe('fault drawer', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the facts on the plant clock, the suggested action and the history in words, newest first', async () => {
    signedInWith('fault:list,fault:repair');
    const fetch = mockFetch(({ path }) =>
      path === '/faults/5'
        ? detail
        : path === '/faults/5/data'
          ? { from: opened - HOUR, to: opened + 3 * HOUR, stepMs: 300_000, points: ['acPower'], series: [] }
          : null,
    );
    renderWithProviders(
      <MemoryRouter>
        <FaultDetailDrawer id={5} onClose={() => {}} />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('fault-drawer-title')).toHaveProperty('textContent', 'Grid overvoltage');
    expect(screen.getByTestId('fault-suggestion').textContent).toContain('Check the grid voltage');
    expect(screen.getByText('3 times')).toBeTruthy();
    expect(screen.getByText('Vac 264 V')).toBeTruthy();
    const history = screen.getByTestId('fault-history');
    const events = within(history).getAllByTestId(/^fault-event-/);
    expect(events.map((e) => e.getAttribute('data-testid'))).toEqual([
      'fault-event-fixed',
      'fault-event-acknowledged',
      'fault-event-opened',
    ]);
    expect(events[0]!.textContent).toContain('Repaired · Ana Ops');
    expect(events[0]!.textContent).toContain('2026-11-20 10:00:00 UTC+2');
    expect(events[0]!.textContent).toContain('Tap changer reset by the utility');
    expect(events[2]!.textContent).toContain('Fault reported by the device · Device');
    // a repaired fault: no step left but a note
    expect(screen.queryByTestId('fault-repair-5')).toBeNull();
    expect(screen.getAllByTestId('fault-note-5').length).toBeGreaterThan(0);
    // the chart asked for the device's data around the fault; none in the window says so
    // (the chart's code loads on demand: on a busy machine that takes more than findBy's default second)
    expect(await screen.findByText('The device sent no data in this window.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/faults/5/data'))).toBe(true);
  });

  it('says a fault out of scope is not there', async () => {
    signedInWith('fault:list');
    mockFetch(() => respond({ code: 404, msg: 'Not found' }));
    renderWithProviders(
      <MemoryRouter>
        <FaultDetailDrawer id={99} onClose={() => {}} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('This fault no longer exists or is outside your scope.')).toBeTruthy();
  });
});
