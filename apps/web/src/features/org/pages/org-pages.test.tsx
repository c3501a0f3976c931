import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { renderWithProviders, signedInWith } from '@/test-utils';
import OrgGroupListPage from './org-group-list-page';
import OrgListPage from './org-list-page';
import { mockFetch, respond } from '@/test-fetch';

initI18n('en');
// forms validate asynchronously; this machine is shared and slow
vi.setConfig({ testTimeout: 30_000 });
const find = (text: string) => screen.findByText(text, undefined, { timeout: 8000 });

const groups = [
  { id: 1, code: 'ROOT', name: 'Platform', orgs: 1 },
  { id: 2, code: 'AGENT', name: 'Service provider', orgs: 2 },
];
const org = (id: number, parentId: number | null, code: string, name: string, extra: object = {}) => ({
  id,
  parentId,
  name,
  code,
  groupId: parentId === null ? 1 : 2,
  groupCode: parentId === null ? 'ROOT' : 'AGENT',
  groupName: 'x',
  number: null,
  address: null,
  contact: null,
  phone: null,
  groupings: [],
  createdAt: 1795000000000,
  users: 0,
  plants: 0,
  devices: 0,
  ...extra,
});
const orgs = [
  org(1, null, 'ROOT', 'PV Platform', { users: 3 }),
  org(2, 1, 'SUNPATH', 'SunPath Services', { users: 4, plants: 2 }),
];

type Reply = { status?: number; body: object };
function serve(route: (method: string, url: string, body: unknown) => Reply | undefined) {
  return mockFetch(({ method, url, body }) => {
    const r = route(method, url, body);
    return r ? respond(r.body as { code: number; msg: string }, r.status ?? 200) : null;
  });
}
const sent = (fetch: ReturnType<typeof serve>, method: string) =>
  fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('organisation groups page', () => {
  const api = () =>
    serve((method, url) => {
      if (method === 'GET' && url.startsWith('/photo_voltaic/orgGroups'))
        return { body: { code: 200, msg: 'ok', data: { rows: groups, total: 2 } } };
      if (method === 'POST')
        return {
          status: 409,
          body: { code: 409, msg: 'An organisation group with the code AGENT already exists', data: null },
        };
      return undefined;
    });

  it('refuses a bad name or code in the form before sending, then shows the server refusal (409)', async () => {
    signedInWith('orgGroup:create,orgGroup:update,orgGroup:delete');
    const fetch = api();
    renderWithProviders(<OrgGroupListPage />);
    expect(await find('Service provider')).toBeTruthy();
    fireEvent.click(screen.getByTestId('org-group-create'));
    await screen.findByTestId('org-group-name', undefined, { timeout: 10_000 }); // the form loads when first opened
    type('org-group-name', 'bad name!');
    type('org-group-code', 'has-hyphen');
    fireEvent.click(screen.getByTestId('org-group-save'));
    expect(await find('Name must be 1-30 letters, digits or Chinese characters')).toBeTruthy();
    expect(await find('Code must be 1-60 letters or digits')).toBeTruthy();
    expect(sent(fetch, 'POST')).toHaveLength(0);

    type('org-group-name', '经销商');
    type('org-group-code', 'AGENT');
    fireEvent.click(screen.getByTestId('org-group-save'));
    await waitFor(() => expect(sent(fetch, 'POST')).toHaveLength(1));
    expect(JSON.parse(sent(fetch, 'POST')[0]![1]!.body as string)).toEqual({ name: '经销商', code: 'AGENT' });
    expect(await find('An organisation group with the code AGENT already exists')).toBeTruthy();
    // the dialog stays open with what was typed
    expect((screen.getByTestId('org-group-code') as HTMLInputElement).value).toBe('AGENT');
  });

  it('shows no buttons without the permissions, and ROOT cannot be deleted', async () => {
    signedInWith('orgGroup:delete');
    api();
    renderWithProviders(<OrgGroupListPage />);
    await find('Service provider');
    expect(screen.queryByTestId('org-group-create')).toBeNull();
    expect(screen.queryByTestId('org-group-edit-AGENT')).toBeNull();
    expect((screen.getByTestId('org-group-delete-ROOT') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('org-group-delete-AGENT') as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('organisation tree page', () => {
  const api = (deleteReply?: Reply) =>
    serve((method, url) => {
      if (method === 'GET' && url === '/photo_voltaic/orgs') return { body: { code: 200, msg: 'ok', data: orgs } };
      if (method === 'GET' && url === '/photo_voltaic/orgs/groups')
        return { body: { code: 200, msg: 'ok', data: groups.map(({ orgs: _o, ...g }) => g) } };
      if (method === 'DELETE') return deleteReply;
      if (method === 'POST') return { body: { code: 200, msg: 'Create Successful', data: org(3, 1, 'NEW', 'New') } };
      return undefined;
    });

  it('shows the tree and checks name, identifier, number and grouping codes before creating a child', async () => {
    signedInWith('org:create,org:update,org:delete');
    const fetch = api();
    renderWithProviders(<OrgListPage />);
    expect(await screen.findByTestId('org-row-SUNPATH')).toBeTruthy();
    fireEvent.click(screen.getByTestId('org-add-child-ROOT'));
    await screen.findByTestId('org-name', undefined, { timeout: 10_000 }); // the form loads when first opened
    type('org-name', 'North Star');
    type('org-code', '-north');
    type('org-number', 'N-1');
    fireEvent.click(screen.getByTestId('org-grouping-add'));
    fireEvent.click(screen.getByTestId('org-grouping-add'));
    type('org-grouping-name-0', 'East');
    type('org-grouping-code-0', 'E1');
    type('org-grouping-name-1', 'West');
    type('org-grouping-code-1', 'e1');
    fireEvent.click(screen.getByTestId('org-save'));
    expect(await find('Name must be 1-30 letters, digits or Chinese characters')).toBeTruthy();
    expect(
      await find('Identifier must contain letters, digits or hyphens and start with a letter or digit'),
    ).toBeTruthy();
    expect(await find('Code must be 1-60 letters or digits')).toBeTruthy();
    expect(await find('Two groupings have the same code')).toBeTruthy();
    expect(sent(fetch, 'POST')).toHaveLength(0);

    type('org-name', 'NorthStar');
    type('org-code', 'north-star');
    type('org-number', 'N1');
    type('org-grouping-code-1', 'W1');
    // the type is required
    fireEvent.click(screen.getByTestId('org-save'));
    expect(await find('Type is required')).toBeTruthy();
    expect(sent(fetch, 'POST')).toHaveLength(0);
  });

  it('asks before deleting and shows the server refusal while users remain', async () => {
    signedInWith('org:delete');
    const fetch = api({
      status: 409,
      body: {
        code: 409,
        msg: 'This organisation still has 4 users, 2 plants and 0 devices: move or delete them first',
        data: null,
      },
    });
    renderWithProviders(<OrgListPage />);
    await screen.findByTestId('org-row-SUNPATH');
    expect(screen.queryByTestId('org-delete-ROOT')).toBeNull();
    expect(screen.queryByTestId('org-add-child-ROOT')).toBeNull();
    fireEvent.click(screen.getByTestId('org-delete-SUNPATH'));
    const confirm = await find('Delete the organisation SunPath Services?');
    fireEvent.click(within(confirm.closest('.ant-popover') as HTMLElement).getByText('OK'));
    await waitFor(() => expect(sent(fetch, 'DELETE')).toHaveLength(1));
    expect(sent(fetch, 'DELETE')[0]![0]).toBe('/photo_voltaic/orgs/2');
    expect(
      await find('This organisation still has 4 users, 2 plants and 0 devices: move or delete them first'),
    ).toBeTruthy();
  });

  it('edits a seeded organisation whose name predates the rule, but checks a changed name', async () => {
    signedInWith('org:update');
    const fetch = api();
    renderWithProviders(<OrgListPage />);
    await screen.findByTestId('org-row-SUNPATH');
    fireEvent.click(screen.getByTestId('org-edit-SUNPATH'));
    type('org-number', 'SP7');
    fireEvent.click(screen.getByTestId('org-save'));
    await waitFor(() => expect(sent(fetch, 'PUT')).toHaveLength(1), { timeout: 8000 });
    const [url, init] = sent(fetch, 'PUT')[0]!;
    expect(url).toBe('/photo_voltaic/orgs/2');
    expect(JSON.parse(init!.body as string)).toMatchObject({
      name: 'SunPath Services',
      code: 'SUNPATH',
      number: 'SP7',
      groupId: 2,
    });

    fireEvent.click(screen.getByTestId('org-edit-SUNPATH'));
    type('org-name', 'SunPath Renamed');
    fireEvent.click(screen.getByTestId('org-save'));
    expect(await find('Name must be 1-30 letters, digits or Chinese characters')).toBeTruthy();
    expect(sent(fetch, 'PUT')).toHaveLength(1);
  });
});
