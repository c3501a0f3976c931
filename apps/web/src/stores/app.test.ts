import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isMobileWidth, useApp } from './app';

describe('app store', () => {
  afterEach(() => {
    for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
    vi.restoreAllMocks();
  });

  it('toggles the sidebar and keeps 1 (open) or 0 (closed) in the sidebarStatus cookie', () => {
    useApp.setState({ sidebar: { opened: true, withoutAnimation: false } });
    useApp.getState().toggleSidebar();
    expect(useApp.getState().sidebar.opened).toBe(false);
    expect(Cookies.get('sidebarStatus')).toBe('0');
    useApp.getState().toggleSidebar();
    expect(Cookies.get('sidebarStatus')).toBe('1');
  });

  it('closes the sidebar without animation when the console turns mobile', () => {
    useApp.setState({ sidebar: { opened: true, withoutAnimation: false } });
    useApp.getState().closeSidebar(true);
    expect(useApp.getState().sidebar).toEqual({ opened: false, withoutAnimation: true });
    expect(isMobileWidth(991)).toBe(true);
    expect(isMobileWidth(992)).toBe(false);
  });

  it('keeps the size in the size cookie', () => {
    useApp.getState().setSize('small');
    expect(useApp.getState().size).toBe('small');
    expect(Cookies.get('size')).toBe('small');
  });

  it('stores the language and reloads the page into it', () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    useApp.getState().setLanguage('zh');
    expect(Cookies.get('language')).toBe('zh');
    expect(useApp.getState().language).toBe('zh');
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });
});
