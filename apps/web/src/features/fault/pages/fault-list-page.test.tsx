import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FaultRow } from '@pv/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { respond, mockFetch } from '@/test-fetch';
import { renderWithProviders, signedInWith } from '@/test-utils';
import FaultListPage from './fault-list-page';

initI18n('en');

const HOUR = 3_600_000;
const opened = Date.parse('2026-11-20T06:00:00Z');
const row = (over: Partial<FaultRow>): FaultRow => ({
  id: 1,
  deviceId: 11,
  sn: 'INV-0001',
  deviceName: 'Roof inverter',
  plantId: 3,
  plantName: 'Cape Town Roof',
  plantTimeZone: 'Africa/Johannesburg',
  code: 'F07',
  title: 'Grid overvoltage',
  message: 'Grid overvoltage',
  severity: 'critical',
  state: 'unrepaired',
  processing: 'open',
  occurrences: 2,
  openedAt: opened,
  lastSeenAt: opened + HOUR,
  recoveredAt: null,
  fixedAt: null,
  handledBy: null,
  handledAt: null,
  durationMs: 3 * HOUR + 12 * 60_000,
  ...over,
});
const rows = [
  row({}),
  row({
    id: 2,
    code: 'F31',
    title: 'Battery over-temperature',
    severity: 'minor',
    state: 'fixed',
    processing: 'fixed',
    handledBy: 'Ana Ops',
    handledAt: opened + 2 * HOUR,
    fixedAt: opened + 2 * HOUR,
    durationMs: 2 * HOUR,
  }),
];
const counts = { all: 9, open: 4, acknowledged: 2, inProgress: 1, fixed: 2 };

function serve(onWrite: (path: string, body: unknown) => unknown = () => null) {
  return mockFetch(({ method, path, body }) => {
    if (method !== 'GET') return onWrite(path, body);
    if (path === '/faults/counts') return counts;
    if (path === '/faults') return { rows, total: 9 };
    if (path === '/plants/3') return { id: 3, name: 'Cape Town Roof' };
    if (path === '/plants') return { rows: [], total: 0 };
    return null;
  });
}
const listCalls = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls
    .map(([url]) => new URL(String(url), 'http://console.test'))
    .filter((u) => u.pathname.endsWith('/faults'));

const renderAt = (path = '/systems/problem') =>
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <FaultListPage />
    </MemoryRouter>,
  );

// antd's first render of a full table is slow on a busy machine
describe('fault list', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows a fault's time on its plant's clock, what it means, its severity, handling, who and how long", async () => {
    signedInWith('fault:list');
    serve();
    renderAt();
    expect(await screen.findByText('Grid overvoltage')).toBeTruthy();
    const first = screen.getByTestId('fault-open-1');
    // 06:00 UTC is 08:00 in Cape Town, the zone named
    expect(first.textContent).toBe('2026-11-20 08:00 UTC+2');
    expect(screen.getByText('Critical').closest('[data-severity]')?.getAttribute('data-severity')).toBe('critical');
    expect(within(screen.getByTestId('fault-processing-1')).getByText('New')).toBeTruthy();
    expect(within(screen.getByTestId('fault-processing-2')).getByText('Repaired')).toBeTruthy();
    expect(screen.getByText('Ana Ops')).toBeTruthy();
    // when it was handled, on the same clock, the zone named too (issue 42)
    expect(screen.getByText('11-20 10:00', { exact: false }).closest('.zoned-time')?.textContent).toBe(
      '11-20 10:00 UTC+2',
    );
    expect(screen.getByText('3 hr 12 min so far')).toBeTruthy();
    expect(screen.getByText('2 hr')).toBeTruthy();
    expect(screen.getByText('9 faults')).toBeTruthy();
    // the tabs count per handling state
    expect(screen.getByTestId('fault-count-all').textContent).toBe('9');
    expect(screen.getByTestId('fault-count-open').textContent).toBe('4');
    expect(screen.getByTestId('fault-count-inProgress').textContent).toBe('1');
    // without fault:repair nor fault:export: no action, no export
    expect(screen.queryByTestId('fault-repair-1')).toBeNull();
    expect(screen.queryByTestId('fault-export')).toBeNull();
  });

  it('reads its filters from the link that opened it (a plant, the last 30 days, unrepaired)', async () => {
    signedInWith('fault:list');
    const fetch = serve();
    renderAt('/systems/problem?plantId=3&days=30&state=unrepaired&severity=nonsense');
    await waitFor(() => {
      const last = listCalls(fetch).at(-1)!.searchParams;
      expect(last.get('plantId')).toBe('3');
      expect(last.get('days')).toBe('30');
      expect(last.get('state')).toBe('unrepaired');
    });
    // a wrong value is left out, the others kept
    expect(listCalls(fetch).at(-1)!.searchParams.get('severity')).toBeNull();
    // the plant filter names the plant the link gave by id
    expect((await screen.findAllByTitle('Cape Town Roof')).length).toBeGreaterThan(0);
  });

  it('filters by handling state with a tab and sorts by severity on the server', async () => {
    signedInWith('fault:list');
    const fetch = serve();
    renderAt();
    await screen.findByText('Grid overvoltage');
    fireEvent.click(screen.getByTestId('fault-tab-inProgress'));
    await waitFor(() => expect(listCalls(fetch).at(-1)!.searchParams.get('processing')).toBe('inProgress'));
    fireEvent.click(screen.getAllByText('Severity').find((el) => el.closest('th'))!);
    await waitFor(() => expect(listCalls(fetch).at(-1)!.searchParams.get('sortField')).toBe('severity'));
    expect(listCalls(fetch).at(-1)!.searchParams.get('pageNum')).toBe('1');
  });

  it("repairs only after a confirmation naming the device and the code, and says the server's 'Repair Success'", async () => {
    signedInWith('fault:list,fault:repair');
    const writes: { path: string; body: unknown }[] = [];
    serve((path, body) => {
      writes.push({ path, body });
      return respond({ code: 200, msg: 'Repair Success', data: null });
    });
    renderAt();
    await screen.findByText('Grid overvoltage');
    // a repaired fault offers no step but a note
    expect(screen.queryByTestId('fault-repair-2')).toBeNull();
    expect(screen.getByTestId('fault-note-2')).toBeTruthy();

    // cancelled: nothing sent, the cancel message
    fireEvent.click(screen.getByTestId('fault-repair-1'));
    expect(
      (await screen.findAllByText('Mark fault F07 on Roof inverter (INV-0001) as repaired?')).length,
    ).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('fault-repair-cancel'));
    expect(await screen.findByText('Repair cancelled')).toBeTruthy();
    expect(writes).toEqual([]);

    // confirmed with a note
    fireEvent.click(screen.getByTestId('fault-repair-1'));
    // the cancelled dialog stays in the page, hidden: the new one is the last
    fireEvent.change((await screen.findAllByTestId('fault-repair-note')).at(-1)!, {
      target: { value: 'Replaced the AC breaker' },
    });
    fireEvent.click(screen.getAllByTestId('fault-repair-ok').at(-1)!);
    expect(await screen.findByText('Repair Success')).toBeTruthy();
    expect(writes).toEqual([{ path: '/faults/1/repair', body: { note: 'Replaced the AC breaker' } }]);
  });

  it("shows the server's refusal when someone else handled the fault first", async () => {
    signedInWith('fault:list,fault:repair');
    serve(() => respond({ code: 409, msg: 'This fault is already repaired' }));
    renderAt();
    await screen.findByText('Grid overvoltage');
    fireEvent.click(screen.getByTestId('fault-ack-1'));
    const question = (await screen.findAllByText('Acknowledge fault F07 on Roof inverter (INV-0001)?'))[0]!;
    fireEvent.click(within(question.closest('.ant-popover')!).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('This fault is already repaired', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.queryByText('Update Successful')).toBeNull();
  });
});
