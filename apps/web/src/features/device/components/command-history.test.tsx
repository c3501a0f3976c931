import { commandResult, type CommandRow } from '@pv/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadLanguage } from '@/lib/i18n';
import { stubEventSource } from '@/test-event-source';
import { renderWithProviders } from '@/test-utils';
import { CommandHistory, describeCommand } from './command-history';
import { mockFetch } from '@/test-fetch';
import i18n from '@/lib/i18n';

initI18n('en');

const row = (id: number, status: CommandRow['status'], ackContent: string | null, extra: Partial<CommandRow> = {}) => ({
  id,
  cmdId: `c-${id}`,
  kind: 'control',
  params: { target: 'pcs', mode: 'charge', power: 3000 },
  status,
  ackContent,
  ...commandResult(status, ackContent),
  source: 'console',
  sentBy: 'admin',
  createdAt: 1795000000000,
  updatedAt: 1795000000000,
  ...extra,
});

describe('command history', { timeout: 20_000 }, () => {
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('reads the acknowledgement as words, with the status tag, under plain column names', async () => {
    stubEventSource();
    mockFetch(({ path }) =>
      path === '/devices/3/commands'
        ? {
            rows: [
              row(4, 'success', 'mode=charge'),
              row(3, 'failed', 'not sent: broker unavailable'),
              row(2, 'unknown', null, { kind: 'reboot', params: {} }),
              row(1, 'processing', null, { kind: 'setting', params: { powerLimit: 80 } }),
            ],
            total: 4,
          }
        : null,
    );
    renderWithProviders(<CommandHistory deviceId={3} />);
    const table = await screen.findByTestId('command-history');
    const head = within(table.querySelector('thead')!);
    for (const title of ['Command', 'Status', 'Acknowledgement', 'Sent by', 'Sent at'])
      expect(head.getByText(title)).toBeTruthy();
    await within(table).findByText('mode=charge');
    const body = [...table.querySelectorAll<HTMLElement>('tr.ant-table-row')];
    expect(body[0]!.textContent).toContain('PCS · Charge · 3,000 W');
    expect(body[0]!.textContent).toContain('Done: the device answered "mode=charge"');
    // the device's own words set apart in the sentence
    expect(within(body[0]!).getByText('mode=charge').tagName).toBe('CODE');
    expect(within(body[0]!).getByTestId('command-status-success').textContent).toBe('Success');
    expect(body[1]!.textContent).toContain('Not sent: the message broker was unavailable');
    expect(body[2]!.textContent).toContain('Restart');
    expect(body[2]!.textContent).toContain('No answer from the device in time (a late answer still counts)');
    expect(body[3]!.textContent).toContain('Active power limit = 80');
    expect(body[3]!.textContent).toContain('Sent, waiting for the device to answer');
  });

  it('describes a command in the language of the console, with its separators', async () => {
    await loadLanguage('zh');
    await i18n.changeLanguage('zh');
    const t = i18n.t.bind(i18n) as (k: string, o?: Record<string, unknown>) => string;
    expect(describeCommand({ kind: 'control', params: { target: 'pcs', mode: 'close' } }, t, 'zh')).toBe('PCS · 停止');
    expect(
      describeCommand({ kind: 'control', params: { target: 'pcs', mode: 'discharge', power: 12500 } }, t, 'zh'),
    ).toBe('PCS · 放电 · 12,500 W');
    expect(t('commandResult.successWith', { content: 'ok' })).toBe('已完成：设备应答“ok”');
  });
});
