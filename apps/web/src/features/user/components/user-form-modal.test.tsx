import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { renderWithProviders, signedInWith } from '@/test-utils';
import { UserFormModal } from './user-form-modal';
import { mockFetch } from '@/test-fetch';

initI18n('en');

const options = {
  orgs: [
    { id: 1, parentId: null, name: 'Platform' },
    { id: 2, parentId: 1, name: 'SunPath' },
  ],
  roles: [{ id: 3, code: 'agent', name: 'Agent' }],
};

function serve() {
  return mockFetch(({ method, url }) =>
    url.includes('/users/options') ? options : method === 'POST' ? { id: 9, password: 'Gen3rated_pw' } : null,
  );
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('user form', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  }, 30_000);

  it('refuses what the server refuses (§5 rules), with the contract messages, and sends nothing', async () => {
    signedInWith('user:create');
    const fetch = serve();
    renderWithProviders(<UserFormModal open onClose={() => undefined} />);
    type('user-form-login', '-bad name');
    type('user-form-nickname', 'x'.repeat(31));
    type('user-form-email', 'not-an-email');
    type('user-form-mobile', 'abc');
    type('user-form-password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Identifier must contain letters, digits or hyphens and start with a letter or digit',
        undefined,
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(await screen.findByText('A nickname is 1-30 characters')).toBeTruthy();
    expect(screen.getByText('Please enter a correct e-mail address')).toBeTruthy();
    expect(screen.getByText('Please enter a correct phone number')).toBeTruthy();
    expect(screen.getByText('Password must be longer than 6 characters')).toBeTruthy();
    expect(screen.getByText('Choose at least one role')).toBeTruthy();
    expect(screen.getByText('Organisation is required')).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  }, 30_000);

  it('creates a user with an organisation and roles, and hands over the generated password', async () => {
    signedInWith('user:create');
    const fetch = serve();
    const onCreated = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<UserFormModal open onClose={onClose} onCreated={onCreated} />);
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).includes('/users/options'))).toBe(true));
    type('user-form-login', 'new-op');
    type('user-form-nickname', 'New Operator');
    type('user-form-email', 'op@sunpath.example');
    // antd selects: open and pick
    fireEvent.mouseDown(
      document.querySelector('[data-testid="user-form-org"] .ant-select-selector, [data-testid="user-form-org"]')!,
    );
    fireEvent.click(await screen.findByTitle('SunPath'));
    fireEvent.mouseDown(
      document.querySelector('[data-testid="user-form-roles"] .ant-select-selector, [data-testid="user-form-roles"]')!,
    );
    fireEvent.click(await screen.findByTitle('Agent'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('new-op', 'Gen3rated_pw'));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(post[0])).toBe('/photo_voltaic/users');
    expect(JSON.parse(post[1]!.body as string)).toEqual({
      loginName: 'new-op',
      nickname: 'New Operator',
      email: 'op@sunpath.example',
      mobile: '',
      orgId: 2,
      roleIds: [3],
      password: '',
    });
    expect(onClose).toHaveBeenCalled();
  }, 30_000);
});
