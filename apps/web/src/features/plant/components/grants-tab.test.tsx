import type { GrantRow } from '@pv/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { renderWithProviders, signedInWith } from '@/test-utils';
import { GrantsTab } from './grants-tab';
import { mockFetch } from '@/test-fetch';
import { aProfile } from '@/test-fixtures';

initI18n('en');

const delta: GrantRow = {
  id: 1,
  userId: 9,
  loginName: 'delta',
  nickname: 'Delta Agent',
  email: 'ops@delta.example',
  perms: ['view'],
  grantedBy: 'SunPath Agent',
  createdAt: Date.UTC(2026, 10, 1, 8),
};

let grants: GrantRow[];
function serve() {
  return mockFetch(({ method, url }) =>
    method !== 'GET'
      ? null
      : url === '/photo_voltaic/profile'
        ? aProfile({ email: 'Agent@SunPath.example' })
        : url === '/photo_voltaic/plants/7/grants'
          ? grants
          : null,
  );
}
const writes = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method && init.method !== 'GET')
    .map(([url, init]) => [
      `${init!.method} ${String(url)}`,
      init!.body ? JSON.parse(init!.body as string) : undefined,
    ]);
const reads = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls.filter(([u, init]) => (init?.method ?? 'GET') === 'GET' && u === '/photo_voltaic/plants/7/grants')
    .length;
const dialog = () => screen.getByRole('dialog');
const emails = (value: string) => fireEvent.change(screen.getByTestId('grant-emails'), { target: { value } });
const save = () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
const checkbox = (label: string) => within(dialog()).getByRole('checkbox', { name: label });

describe("a grant's time", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("is on the plant's clock, as the page's header says, the zone named (issue 42)", async () => {
    grants = [delta];
    signedInWith('plant:authorize');
    serve();
    renderWithProviders(<GrantsTab plantId={7} timeZone="America/Phoenix" />);
    // 08:00 UTC is 01:00 in Phoenix (MST all year); it read "2026-11-01 16:00:00" (Asia/Shanghai, unnamed)
    const time = await screen.findByText(/2026-11-01 01:00:00/, undefined, { timeout: 8000 });
    expect(time.textContent).toBe('2026-11-01 01:00:00 MST');
  });
});

// antd's table and modal mount slowly on a busy machine
/** No grants yet, signed in with plant:authorize: the tab is read once and the new-grant dialog opened. */
async function openNewGrant() {
  grants = [];
  signedInWith('plant:authorize');
  const fetch = serve();
  renderWithProviders(<GrantsTab plantId={7} />);
  await waitFor(() => expect(reads(fetch)).toBe(1));
  fireEvent.click(screen.getByTestId('grant-add'));
  await screen.findByText('Several e-mails separated by commas');
  return fetch;
}

describe('authorised users of a plant', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the authorised users with their permissions and who authorised them', async () => {
    grants = [
      delta,
      {
        ...delta,
        id: 2,
        userId: 10,
        loginName: 'ops',
        nickname: 'Ops',
        email: null,
        perms: ['view', 'control'],
        grantedBy: null,
      },
    ];
    signedInWith('plant:authorize');
    serve();
    renderWithProviders(<GrantsTab plantId={7} />);
    const row = (await screen.findByText('Delta Agent (delta)')).closest('tr')!;
    expect(within(row).getByText('ops@delta.example')).toBeTruthy();
    expect(within(row).getByText('View devices')).toBeTruthy();
    expect(within(row).getByText('SunPath Agent')).toBeTruthy();
    const other = screen.getByText('Ops (ops)').closest('tr')!;
    expect(within(other).getByText('Control devices')).toBeTruthy();
    expect(within(other).getAllByText('—')).toHaveLength(2); // no e-mail, no authoriser
  });

  it('checks the authorised object as spec §5 says: required, valid e-mails separated by commas, not the authoriser', async () => {
    const fetch = await openNewGrant();
    save();
    expect(await screen.findByText('The authorised object is required')).toBeTruthy();
    emails(' , ');
    save();
    expect(await screen.findByText('The authorised object is required')).toBeTruthy();
    emails('ops@delta.example, not-an-email');
    expect(await screen.findByText('Please enter a correct e-mail address')).toBeTruthy();
    // the signed-in user's own e-mail, whatever its case
    emails('ops@delta.example,agent@sunpath.example');
    expect(await screen.findByText('The authorised object cannot be the authoriser')).toBeTruthy();
    // a permission at least
    emails('ops@delta.example');
    fireEvent.click(checkbox('View devices'));
    save();
    expect(await screen.findByText('Choose at least one permission')).toBeTruthy();
    expect(writes(fetch)).toEqual([]);
  });

  it('authorises several e-mails at once with the permissions ticked, then reads the list again', async () => {
    const fetch = await openNewGrant();
    expect((checkbox('View devices') as HTMLInputElement).checked).toBe(true);
    emails('ops@delta.example, it@sunpath.example');
    fireEvent.click(checkbox('Control devices'));
    grants = [delta];
    save();
    await waitFor(() =>
      expect(writes(fetch)).toEqual([
        [
          'POST /photo_voltaic/plants/7/grants',
          { emails: 'ops@delta.example, it@sunpath.example', perms: ['view', 'control'] },
        ],
      ]),
    );
    expect(await screen.findByText('Authorization Successful')).toBeTruthy();
    expect(await screen.findByText('Delta Agent (delta)')).toBeTruthy();
    expect(reads(fetch)).toBe(2);
  });

  it("modifies an authorised user's permissions (the e-mail stays), and deletes one only after the confirmation", async () => {
    grants = [delta];
    signedInWith('plant:authorize');
    const fetch = serve();
    renderWithProviders(<GrantsTab plantId={7} />);
    fireEvent.click(await screen.findByTestId('grant-edit-delta'));
    expect(await screen.findByText('Modify authorisation')).toBeTruthy();
    const input = screen.getByTestId('grant-emails') as HTMLTextAreaElement;
    expect(input.value).toBe('ops@delta.example');
    expect(input.disabled).toBe(true);
    fireEvent.click(checkbox('Control devices'));
    save();
    await waitFor(() =>
      expect(writes(fetch)).toEqual([['PUT /photo_voltaic/plants/7/grants/1', { perms: ['view', 'control'] }]]),
    );
    expect(await screen.findByText('Update Successful')).toBeTruthy();

    fireEvent.click(screen.getByTestId('grant-delete-delta'));
    const confirm = await screen.findByText('Delete the authorised user Delta Agent?');
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popover).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Cancelled')).toBeTruthy();
    expect(writes(fetch)).toHaveLength(1);
    fireEvent.click(screen.getByTestId('grant-delete-delta'));
    const again = (await screen.findAllByText('Delete the authorised user Delta Agent?'))
      .at(-1)!
      .closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(again).getAllByRole('button').at(-1)!);
    await waitFor(() => expect(writes(fetch).at(-1)).toEqual(['DELETE /photo_voltaic/plants/7/grants/1', undefined]));
    expect(await screen.findByText('Deleted Success')).toBeTruthy();
  });
});
