import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { mockFetch } from '@/test-fetch';
import { renderWithProviders, signedInWith } from '@/test-utils';
import { NotificationPrefsCard } from './notification-prefs';

initI18n('en');

describe('notification preferences', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the user's choices and the address mails go to, and saves a change", async () => {
    signedInWith('');
    const saved: unknown[] = [];
    mockFetch(({ method, body }) => {
      if (method === 'PUT') {
        saved.push(body);
        return null;
      }
      return {
        console: true,
        mail: true,
        minSeverity: 'warning',
        mailMinSeverity: 'major',
        lang: 'zh',
        email: 'li@sunpath.example',
      };
    });
    renderWithProviders(<NotificationPrefsCard />);
    expect(await screen.findByText('Mails go to li@sunpath.example.')).toBeTruthy();
    expect(screen.getByText('Major and critical')).toBeTruthy();
    expect(screen.getByText('All, warnings included')).toBeTruthy();
    expect(screen.getByText('中文')).toBeTruthy();

    fireEvent.click(screen.getByTestId('prefs-mail'));
    fireEvent.click(screen.getByTestId('prefs-save'));
    await waitFor(() =>
      expect(saved).toEqual([
        { console: true, mail: false, minSeverity: 'warning', mailMinSeverity: 'major', lang: 'zh' },
      ]),
    );
    expect(await screen.findByText('Save Success')).toBeTruthy();
  });

  it('says mails need an address when the account has none', async () => {
    signedInWith('');
    mockFetch(() => ({
      console: true,
      mail: true,
      minSeverity: 'warning',
      mailMinSeverity: 'major',
      lang: 'en',
      email: null,
    }));
    renderWithProviders(<NotificationPrefsCard />);
    expect(await screen.findByText(/Your account has no e-mail address/)).toBeTruthy();
  });
});
