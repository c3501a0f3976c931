import { SETTINGS_DEFAULTS, THEME_PRESETS } from '@pv/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { storedTheme, THEME_STORAGE_KEY, useSettings } from './settings';

describe('settings store', () => {
  beforeEach(() => sessionStorage.clear());

  it('starts from the spec defaults', () => {
    const s = useSettings.getState();
    expect({
      showSettings: s.showSettings,
      tagsView: s.tagsView,
      fixedHeader: s.fixedHeader,
      sidebarLogo: s.sidebarLogo,
      sidebarType: s.sidebarType,
    }).toEqual({
      showSettings: true,
      tagsView: true,
      fixedHeader: false,
      sidebarLogo: false,
      sidebarType: 1,
    });
  });

  it('keeps the theme colour in session storage and reads it back', () => {
    useSettings.getState().setTheme(THEME_PRESETS[2]);
    expect(useSettings.getState().theme).toBe(THEME_PRESETS[2]);
    expect(JSON.parse(sessionStorage.getItem(THEME_STORAGE_KEY)!)).toEqual({ theme: THEME_PRESETS[2] });
    expect(storedTheme()).toBe(THEME_PRESETS[2]);
  });

  it('ignores a stored value that is not a colour, and refuses to set one', () => {
    sessionStorage.setItem(THEME_STORAGE_KEY, '{not json');
    expect(storedTheme()).toBe(SETTINGS_DEFAULTS.theme);
    sessionStorage.setItem(THEME_STORAGE_KEY, JSON.stringify({ theme: 'red;background:url(x)' }));
    expect(storedTheme()).toBe(SETTINGS_DEFAULTS.theme);
    useSettings.getState().setTheme('#1677ff');
    useSettings.getState().setTheme('javascript:alert(1)');
    expect(useSettings.getState().theme).toBe('#1677ff');
  });

  it('toggles the panel settings', () => {
    useSettings.getState().change('tagsView', false);
    useSettings.getState().change('sidebarType', 2);
    expect(useSettings.getState().tagsView).toBe(false);
    expect(useSettings.getState().sidebarType).toBe(2);
  });
});
