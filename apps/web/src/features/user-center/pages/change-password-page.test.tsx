import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import ChangePasswordPage from './change-password-page';

initI18n('en');

function renderPage() {
  return render(
    <App>
      <MemoryRouter>
        <ChangePasswordPage />
      </MemoryRouter>
    </App>,
  );
}

describe('change password form', () => {
  it('refuses a short password and two different passwords before calling the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderPage();
    fireEvent.change(screen.getByTestId('old-password'), { target: { value: 'demo123456' } });
    fireEvent.change(screen.getByTestId('new-password'), { target: { value: 'abc123' } });
    fireEvent.change(screen.getByTestId('confirm-password'), { target: { value: 'abc1234' } });
    fireEvent.click(screen.getByTestId('change-password-submit'));
    expect(await screen.findByText('Password must be longer than 6 characters')).toBeTruthy();
    expect(await screen.findByText('The two passwords are inconsistent')).toBeTruthy();
    await waitFor(() => expect(fetch).not.toHaveBeenCalled());
    vi.unstubAllGlobals();
  });
});
