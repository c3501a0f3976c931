import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import { setFeedback } from './feedback';
import { http, ApiError } from './http';
import { initI18n } from './i18n';

initI18n('en');

const message = { destroy: vi.fn(), error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn(), loading: vi.fn(), open: vi.fn() };
const modal = { confirm: vi.fn(), info: vi.fn(), success: vi.fn(), error: vi.fn(), warning: vi.fn() };

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
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
    expect(modal.confirm.mock.calls[0]![0]).toMatchObject({ title: 'Confirm logout', content: 'Expired', okText: 'Log in again', cancelText: 'Cancel' });
  });

  it('only logs a transport failure on a /cms/ URL, and toasts it elsewhere', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(http.get('/cms/page')).rejects.toThrow('Failed to fetch');
    expect(spy).toHaveBeenCalled();
    expect(message.error).not.toHaveBeenCalled();
    await expect(http.get('/plants')).rejects.toThrow('Failed to fetch');
    expect(message.error).toHaveBeenCalledWith({ content: 'Failed to fetch', duration: 3 });
  });
});
