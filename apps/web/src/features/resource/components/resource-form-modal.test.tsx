import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { renderWithProviders } from '@/test-utils';
import { ResourceFormModal } from './resource-form-modal';
import { mockFetch } from '@/test-fetch';

initI18n('en');

const menu = {
  id: 1,
  parentId: null,
  kind: 'menu' as const,
  name: 'auth',
  nameEn: null,
  titleKey: 'route.auth',
  level: 1,
  routerPath: '/auth',
  icon: 'lock',
  perm: null,
  dataPerm: false,
  sensitive: false,
  sort: 1,
  seeded: true,
};

describe('resource form', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  }, 30_000);

  it('asks a menu for a router path and a button for a permission code, like the server', async () => {
    const fetch = mockFetch(() => ({ id: 2 }));
    renderWithProviders(<ResourceFormModal target={{ parentId: 1 }} resources={[menu]} onClose={() => undefined} />);
    fireEvent.change(screen.getByTestId('resource-form-name'), { target: { value: 'audit' } });
    fireEvent.change(screen.getByTestId('resource-form-path'), { target: { value: 'no-slash' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('A menu needs a router path starting with /', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    fireEvent.click(screen.getByText('Button'));
    fireEvent.change(screen.getByTestId('resource-form-perm'), { target: { value: 'not a code' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A permission code looks like user:create')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('resource-form-perm'), { target: { value: 'user:audit' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/photo_voltaic/resources');
    expect(JSON.parse(init.body as string)).toMatchObject({
      parentId: 1,
      kind: 'button',
      name: 'audit',
      perm: 'user:audit',
      dataPerm: false,
      sensitive: false,
      sort: 0,
    });
  }, 30_000);
});
