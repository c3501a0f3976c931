import { SETTINGS_DEFAULTS, THEME_PRESETS } from '@pv/contract';
import { create } from 'zustand';
import { BRAND } from '@/lib/brand';

/** Session-storage key of the theme drawer's choice (spec §2: stored in session storage). */
export const THEME_STORAGE_KEY = 'themeConfig';

export type SidebarType = 1 | 2;
export type ToggleSetting = 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'sidebarType';

export interface SettingsState {
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  sidebarType: SidebarType;
  theme: string;
  change<K extends ToggleSetting>(key: K, value: SettingsState[K]): void;
  setTheme(color: string): void;
}

const isColor = (value: unknown): value is string => typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);

/** The stored theme colour, or the brand's when nothing (or something unreadable) is stored. */
export function storedTheme(): string {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(THEME_STORAGE_KEY) ?? 'null') as { theme?: unknown } | null;
    return isColor(parsed?.theme) ? parsed.theme : BRAND.themeColor;
  } catch {
    return BRAND.themeColor;
  }
}

/** Settings of spec §3/§9: the defaults of the contract, the theme colour from session storage. */
export const useSettings = create<SettingsState>((set) => ({
  ...SETTINGS_DEFAULTS,
  theme: storedTheme(),
  change: (key, value) => set({ [key]: value } as Pick<SettingsState, typeof key>),
  setTheme: (theme) => {
    if (!isColor(theme)) return;
    sessionStorage.setItem(THEME_STORAGE_KEY, JSON.stringify({ theme }));
    set({ theme });
  },
}));

export { THEME_PRESETS };
