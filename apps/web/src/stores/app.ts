import { DEFAULT_SIZE, MOBILE_BREAKPOINT, SIZES, type Language, type Size } from '@pv/contract';
import Cookies from 'js-cookie';
import { create } from 'zustand';
import { getLanguage, setLanguage as storeLanguage } from '@/lib/i18n';

export const SIDEBAR_COOKIE = 'sidebarStatus';
export const SIZE_COOKIE = 'size';

export type Device = 'desktop' | 'mobile';

export interface AppState {
  sidebar: { opened: boolean; withoutAnimation: boolean };
  device: Device;
  language: Language;
  size: Size;
  toggleSidebar(): void;
  closeSidebar(withoutAnimation: boolean): void;
  toggleDevice(device: Device): void;
  /** Stores the language cookie and reloads the page into it (spec §1). */
  setLanguage(language: Language): void;
  setSize(size: Size): void;
}

export const isMobileWidth = (width: number) => width < MOBILE_BREAKPOINT;

function initialSize(): Size {
  const stored = Cookies.get(SIZE_COOKIE);
  return (SIZES as readonly string[]).includes(stored ?? '') ? (stored as Size) : DEFAULT_SIZE;
}

/**
 * UI state of spec §4: the sidebar is open unless the cookie says 0, the device follows the
 * body width, language and size persist in cookies. Server data never lives here.
 */
export const useApp = create<AppState>((set) => ({
  sidebar: { opened: Cookies.get(SIDEBAR_COOKIE) !== '0', withoutAnimation: false },
  device:
    typeof document !== 'undefined' && document.body && isMobileWidth(document.body.getBoundingClientRect().width)
      ? 'mobile'
      : 'desktop',
  language: getLanguage(),
  size: initialSize(),
  toggleSidebar: () =>
    set((s) => {
      const opened = !s.sidebar.opened;
      Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0');
      return { sidebar: { opened, withoutAnimation: false } };
    }),
  closeSidebar: (withoutAnimation) => {
    Cookies.set(SIDEBAR_COOKIE, '0');
    set({ sidebar: { opened: false, withoutAnimation } });
  },
  toggleDevice: (device) => set((s) => (s.device === device ? s : { device })),
  setLanguage: (language) => {
    set({ language });
    storeLanguage(language);
  },
  setSize: (size) => {
    Cookies.set(SIZE_COOKIE, size);
    set({ size });
  },
}));
