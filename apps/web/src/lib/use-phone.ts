import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, following it as the window changes (known at the first render). */
export function useMedia(query: string) {
  // one subscription per query, not one per render; a resize too, for a browser (or a test's
  // happy-dom) that resizes without telling the query's listeners
  const subscribe = useCallback(
    (changed: () => void) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', changed);
      window.addEventListener('resize', changed);
      return () => {
        media.removeEventListener('change', changed);
        window.removeEventListener('resize', changed);
      };
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

// antd's xs breakpoint: below it a list is a column of cards instead of a table
const PHONE = '(max-width: 575px)';

/** Whether the console is on a phone's width, where lists show cards (no flash of a table). */
export const usePhone = () => useMedia(PHONE);
