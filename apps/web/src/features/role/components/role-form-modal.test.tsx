import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { renderWithProviders } from '@/test-utils';
import { RoleFormModal } from './role-form-modal';
import { mockFetch } from '@/test-fetch';

initI18n('en');

function serve(options: { dataScopes: string[]; sensitive: boolean }) {
  return mockFetch(({ method, url }) =>
    url.includes('/roles/options')
      ? { orgs: [{ id: 2, parentId: null, name: 'SunPath' }], ...options }
      : method === 'POST'
        ? { id: 1 }
        : null,
  );
}

describe('role form', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  }, 30_000);

  it('checks the identifier and name rules of §5 before sending', async () => {
    const fetch = serve({ dataScopes: ['all', 'orgAndChildren', 'org', 'self'], sensitive: true });
    renderWithProviders(<RoleFormModal open onClose={() => undefined} />);
    fireEvent.change(screen.getByTestId('role-form-code'), { target: { value: '-agent' } });
    fireEvent.change(screen.getByTestId('role-form-name'), { target: { value: 'Bad name!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Identifier must contain letters, digits or hyphens and start with a letter or digit',
        undefined,
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText('Name must be 1-30 letters, digits or Chinese characters')).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  }, 30_000);

  it('offers only the data scopes and the sensitive grant the caller may give', async () => {
    serve({ dataScopes: ['orgAndChildren', 'org', 'self'], sensitive: false });
    renderWithProviders(<RoleFormModal open onClose={() => undefined} />);
    await waitFor(() => expect((screen.getByTestId('role-form-sensitive') as HTMLButtonElement).disabled).toBe(true));
    fireEvent.mouseDown(
      document.querySelector('[data-testid="role-form-scope"] .ant-select-selector, [data-testid="role-form-scope"]')!,
    );
    expect(await screen.findByTitle('Own organisation and below')).toBeTruthy();
    expect(screen.queryByTitle('All data')).toBeNull();
  }, 30_000);
});
