import { DEFAULT_THEME_COLOR, SETTINGS_DEFAULTS } from '@pv/contract';
import { create } from 'zustand';

const THEME_KEY = 'themeConfig';

export interface SettingsState {
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  sidebarType: 1 | 2;
  theme: string;
  change<K extends 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'sidebarType'>(key: K, value: SettingsState[K]): void;
  setTheme(color: string): void;
}

function storedTheme(): string {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(THEME_KEY) ?? 'null') as { theme?: string } | null;
    return parsed?.theme && /^#[0-9a-f]{6}$/i.test(parsed.theme) ? parsed.theme : DEFAULT_THEME_COLOR;
  } catch {
    return DEFAULT_THEME_COLOR;
  }
}

/** Settings of spec §3/§9; the theme colour is kept in session storage. */
export const useSettings = create<SettingsState>((set) => ({
  ...SETTINGS_DEFAULTS,
  theme: storedTheme(),
  change: (key, value) => set({ [key]: value } as Partial<SettingsState>),
  setTheme: (theme) => {
    sessionStorage.setItem(THEME_KEY, JSON.stringify({ theme }));
    set({ theme });
  },
}));
