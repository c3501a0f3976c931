import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import { setFeedback } from './feedback';
import { download, http, upload, ApiError } from './http';
import { initI18n } from './i18n';
import { stubXhr } from '@/test-xhr';

initI18n('en');

const message = {
  destroy: vi.fn(),
  error: vi.fn(),
  success: vi.fn(),
  warning: vi.fn(),
  info: vi.fn(),
  loading: vi.fn(),
  open: vi.fn(),
};
const modal = { confirm: vi.fn(), info: vi.fn(), success: vi.fn(), error: vi.fn(), warning: vi.fn() };

function answer(status: number, body: unknown) {
  return vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

// The API client's own unit test: the network is replaced, the client's policy is what is tested.
describe('API client error policy (spec §8)', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    setFeedback({ message, modal } as never);
    Cookies.remove('Admin-Token');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('answers data on code 200 and sends Accept-Language and X-Token', async () => {
    Cookies.set('Admin-Token', 'tok');
    const fetch = answer(200, { code: 200, msg: 'ok', data: { a: 1 } });
    vi.stubGlobal('fetch', fetch);
    expect(await http.get('/x', { query: { pageNum: 1, empty: '' } })).toEqual({ a: 1 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/photo_voltaic/x?pageNum=1');
    expect(init.headers).toMatchObject({ 'Accept-Language': 'en', 'X-Token': 'tok' });
  });

  it('shows any other code as a 3-second toast after closing open ones, then rejects', async () => {
    vi.stubGlobal('fetch', answer(403, { code: 403, msg: 'Nope', data: null }));
    await expect(http.get('/x')).rejects.toEqual(new ApiError(403, 'Nope'));
    expect(message.destroy).toHaveBeenCalled();
    expect(message.error).toHaveBeenCalledWith({ content: 'Nope', duration: 3 });
    expect(modal.confirm).not.toHaveBeenCalled();
  });

  it('shows no toast for the exempt product-attribute path', async () => {
    vi.stubGlobal('fetch', answer(500, { code: 500, msg: 'boom', data: null }));
    await expect(http.post('/autoparts/pimCatentry/getProductAttr', {})).rejects.toBeInstanceOf(ApiError);
    expect(message.error).not.toHaveBeenCalled();
  });

  it('asks to log in again on 401 when the request carried a token, only a toast without one', async () => {
    vi.stubGlobal('fetch', answer(401, { code: 401, msg: 'Expired', data: null }));
    await expect(http.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(modal.confirm).not.toHaveBeenCalled();
    expect(message.error).toHaveBeenCalledTimes(1);
    Cookies.set('Admin-Token', 'tok');
    await expect(http.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(modal.confirm).toHaveBeenCalledTimes(1);
    expect(modal.confirm.mock.calls[0]![0]).toMatchObject({
      title: 'Confirm logout',
      content: 'Expired',
      okText: 'Log in again',
      cancelText: 'Cancel',
    });
    // after "Cancel" the next expired call asks again
    (modal.confirm.mock.calls[0]![0] as { onCancel: () => void }).onCancel();
    await expect(http.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(modal.confirm).toHaveBeenCalledTimes(2);
    (modal.confirm.mock.calls[1]![0] as { onCancel: () => void }).onCancel();
  });

  it('only logs a transport failure on a /cms/ URL, and toasts it elsewhere', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(http.get('/cms/page')).rejects.toThrow('Failed to fetch');
    expect(spy).toHaveBeenCalled();
    expect(message.error).not.toHaveBeenCalled();
    await expect(http.get('/plants')).rejects.toThrow('Failed to fetch');
    expect(message.error).toHaveBeenCalledWith({ content: 'Failed to fetch', duration: 3 });
  });

  it('on "Log in again" resets the session and reloads; one dialog for many expired calls', async () => {
    const { useSession } = await import('@/stores/session');
    Cookies.set('Admin-Token', 'tok');
    useSession.setState({ token: 'tok' });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    vi.stubGlobal('fetch', answer(401, { code: 401, msg: 'Expired', data: null }));
    await Promise.allSettled([http.get('/a'), http.get('/b'), http.get('/c')]);
    expect(modal.confirm).toHaveBeenCalledTimes(1);
    const { onOk } = modal.confirm.mock.calls[0]![0] as { onOk: () => Promise<void> };
    await onOk();
    expect(Cookies.get('Admin-Token')).toBeUndefined();
    expect(useSession.getState().token).toBeUndefined();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reports nothing for a silent call, and still rejects', async () => {
    Cookies.set('Admin-Token', 'tok');
    vi.stubGlobal('fetch', answer(500, { code: 500, msg: 'boom', data: null }));
    await expect(http.get('/x', { silent: true })).rejects.toEqual(new ApiError(500, 'boom'));
    expect(message.error).not.toHaveBeenCalled();
    expect(modal.confirm).not.toHaveBeenCalled();
  });

  it('answers the whole envelope when asked, with the fields beside data', async () => {
    vi.stubGlobal('fetch', answer(200, { code: 200, msg: 'ok', data: { a: 1 }, orgName: 'Root' }));
    expect(await http.getEnvelope('/sysOrgUser/currentInfo', { query: { token: 't' } })).toEqual({
      code: 200,
      msg: 'ok',
      data: { a: 1 },
      orgName: 'Root',
    });
  });

  it('sends JSON bodies and treats a body code other than 200 as a failure even on HTTP 200', async () => {
    const fetch = answer(200, { code: 409, msg: 'Taken', data: null });
    vi.stubGlobal('fetch', fetch);
    await expect(http.put('/users/1/state', { state: 'disabled' })).rejects.toEqual(new ApiError(409, 'Taken'));
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init).toMatchObject({ method: 'PUT', body: '{"state":"disabled"}' });
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(message.error).toHaveBeenCalledWith({ content: 'Taken', duration: 3 });
  });

  it('says so in the console language when the server does not answer in time', async () => {
    const timeout = Object.assign(new Error('signal timed out'), { name: 'TimeoutError' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(timeout)),
    );
    await expect(http.get('/plants')).rejects.toBe(timeout);
    expect(message.error).toHaveBeenCalledWith({ content: 'The server did not answer in time', duration: 3 });
  });

  it('downloads a streamed file with progress and saves it under the server file name', async () => {
    const parts = [new Uint8Array(600), new Uint8Array(400)];
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (const p of parts) c.enqueue(p);
        c.close();
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(body, {
            status: 200,
            headers: { 'content-length': '1000', 'content-disposition': 'attachment; filename="users.xlsx"' },
          }),
      ),
    );
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const progress: Array<[number, number | undefined]> = [];
    const name = await download('/users/export', { state: 'enabled' }, (r, t) => progress.push([r, t]));
    expect(name).toBe('users.xlsx');
    expect(progress).toEqual([
      [600, 1000],
      [1000, 1000],
    ]);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('reports a refused download like any other call', async () => {
    vi.stubGlobal('fetch', answer(403, { code: 403, msg: 'No export for you', data: null }));
    await expect(download('/users/export', {})).rejects.toEqual(new ApiError(403, 'No export for you'));
    expect(message.error).toHaveBeenCalledWith({ content: 'No export for you', duration: 3 });
  });
});

describe('uploads with progress', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    setFeedback({ message, modal } as never);
    Cookies.remove('Admin-Token');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('posts the form with the same headers, reports the progress and answers the data', async () => {
    Cookies.set('Admin-Token', 'tok');
    const seen = stubXhr({
      progress: [25, 100],
      answer: { status: 200, body: { code: 200, msg: 'ok', data: { id: 3 } } },
    });
    const progress: number[] = [];
    expect(await upload('/firmware', new FormData(), { onProgress: (p) => progress.push(p) })).toEqual({ id: 3 });
    expect(seen).toMatchObject({
      method: 'POST',
      url: '/photo_voltaic/firmware',
      headers: { 'Accept-Language': 'en', 'X-Token': 'tok' },
    });
    expect(seen.headers['Content-Type']).toBeUndefined();
    expect(progress).toEqual([25, 100]);
  });

  it("follows the one error policy: the server's message as a toast, or nothing when silent", async () => {
    stubXhr({
      progress: [25, 100],
      answer: { status: 413, body: { code: 413, msg: 'The upload is too large', data: null } },
    });
    await expect(upload('/firmware', new FormData())).rejects.toEqual(new ApiError(413, 'The upload is too large'));
    expect(message.error).toHaveBeenCalledWith({ content: 'The upload is too large', duration: 3 });
    message.error.mockClear();
    await expect(upload('/firmware', new FormData(), { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(message.error).not.toHaveBeenCalled();
  });

  it('takes a 401 with a token to the log-in-again dialog (no toast), like every other call', async () => {
    Cookies.set('Admin-Token', 'tok');
    stubXhr({ progress: [25, 100], answer: { status: 401, body: { code: 401, msg: 'Expired', data: null } } });
    await expect(upload('/firmware', new FormData())).rejects.toEqual(new ApiError(401, 'Expired'));
    // the dialog is shown once per session end: an earlier test may have left it open
    expect(message.error).not.toHaveBeenCalled();
  });
});

describe('API client in development: answers checked against the contract', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  const user = {
    id: 1,
    loginName: 'ada',
    nickname: 'Ada',
    mobile: null,
    email: null,
    state: 'enabled',
    orgId: 1,
    orgName: 'Platform',
    roles: ['admin'],
    roleIds: [1],
    createdAt: 1,
  };

  it('logs an answer that breaks the operation schema, and says nothing of one that fits', async () => {
    vi.stubEnv('MODE', 'development');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', answer(200, { code: 200, msg: 'ok', data: { rows: [user], total: 1 } }));
    await http.get('/users', { query: { pageNum: 1 } });
    const { roleIds: _dropped, ...withoutRoleIds } = user;
    vi.stubGlobal('fetch', answer(200, { code: 200, msg: 'ok', data: { rows: [withoutRoleIds], total: 1 } }));
    await http.get('/users', { query: { pageNum: 1 } });
    await vi.waitFor(() => expect(logged).toHaveBeenCalledTimes(1));
    expect(String(logged.mock.calls[0]![0])).toMatch(/^\[contract\] GET \/users: .*data\.rows\.0\.roleIds/);
  });
});
