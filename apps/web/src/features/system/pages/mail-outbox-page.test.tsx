import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { MailDetail, MailRow } from '@pv/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { mockFetch } from '@/test-fetch';
import { renderWithProviders, signedInWith } from '@/test-utils';
import MailOutboxPage from './mail-outbox-page';

initI18n('en');

const at = Date.parse('2026-11-25T08:00:00Z');
const mail = (over: Partial<MailRow>): MailRow => ({
  id: 1,
  to: 'ops@sunpath.example',
  lang: 'en',
  subject: '[Major] Fault at Berlin2: Grid overvoltage',
  template: 'faultOpened',
  status: 'sent',
  attempts: 1,
  nextAttemptAt: null,
  lastError: null,
  createdAt: at,
  sentAt: at + 2_000,
  ...over,
});
const rows = [
  mail({}),
  mail({
    id: 2,
    to: 'li@sunpath.example',
    lang: 'zh',
    subject: '【重要】Berlin2 发生故障：电网过压',
    status: 'failed',
    attempts: 5,
    sentAt: null,
    lastError: '550 mailbox unavailable',
  }),
  mail({ id: 3, status: 'stored', sentAt: null, attempts: 0 }),
];

describe('mail outbox', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists each mail with its status, attempts and last error, and opens one as it was sent', async () => {
    signedInWith('mail:outbox');
    const detail: MailDetail = { ...rows[1]!, text: 'Grid overvoltage on Berlin2 inverter (INVP001902).', html: null };
    const fetch = mockFetch(({ path }) =>
      path === '/mail/outbox' ? { rows, total: 3 } : path === '/mail/outbox/2' ? detail : null,
    );
    renderWithProviders(
      <MemoryRouter>
        <MailOutboxPage />
      </MemoryRouter>,
    );
    const failed = (await screen.findByText('550 mailbox unavailable')).closest('tr')!;
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText('5')).toBeTruthy();
    expect(within(failed).getByText('ZH')).toBeTruthy();
    expect(within(screen.getByTestId('mail-open-1').closest('tr')!).getByText('Sent')).toBeTruthy();
    // a mail kept without an SMTP server: the page says why nothing went out
    expect(screen.getByText('Kept (no SMTP)')).toBeTruthy();
    expect(screen.getByText(/No SMTP server is configured/)).toBeTruthy();
    expect(screen.getByText('3 mails')).toBeTruthy();

    fireEvent.click(screen.getByTestId('mail-open-2'));
    expect((await screen.findByTestId('mail-text')).textContent).toBe(
      'Grid overvoltage on Berlin2 inverter (INVP001902).',
    );
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/mail/outbox/2'))).toBe(true);
  });
});
