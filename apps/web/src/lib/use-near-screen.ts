import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element has come within `margin` of the screen (and stays true after); at once where
 * IntersectionObserver is missing. What sits below the first screen (charts, a record's tables) loads
 * its code when scrolled near, not with the page.
 */
export function useNearScreen(ref: RefObject<HTMLElement | null>, margin = '300px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const node = ref.current;
    if (near || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [near, ref, margin]);
  return near;
}
