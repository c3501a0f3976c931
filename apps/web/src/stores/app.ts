import { DEFAULT_SIZE, MOBILE_BREAKPOINT, SIZES, type Size } from '@pv/contract';
import Cookies from 'js-cookie';
import { create } from 'zustand';

const SIDEBAR_COOKIE = 'sidebarStatus';
const SIZE_COOKIE = 'size';

export interface AppState {
  sidebar: { opened: boolean; withoutAnimation: boolean };
  device: 'desktop' | 'mobile';
  size: Size;
  toggleSidebar(): void;
  closeSidebar(withoutAnimation: boolean): void;
  toggleDevice(device: 'desktop' | 'mobile'): void;
  setSize(size: Size): void;
}

const storedSize = Cookies.get(SIZE_COOKIE);

/** Sidebar open by default, persisted as 1/0; size in a cookie; device from the window width (spec §4). */
export const useApp = create<AppState>((set) => ({
  sidebar: { opened: Cookies.get(SIDEBAR_COOKIE) !== '0', withoutAnimation: false },
  device: typeof window !== 'undefined' && document.body?.getBoundingClientRect().width < MOBILE_BREAKPOINT ? 'mobile' : 'desktop',
  size: (SIZES as readonly string[]).includes(storedSize ?? '') ? (storedSize as Size) : DEFAULT_SIZE,
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
  toggleDevice: (device) => set({ device }),
  setSize: (size) => {
    Cookies.set(SIZE_COOKIE, size);
    set({ size });
  },
}));
