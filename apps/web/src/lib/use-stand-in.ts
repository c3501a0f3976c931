import { useState } from 'react';

/**
 * The state of a stand-in for a control whose code loads on first use (components/date-pickers.tsx,
 * components/lazy-select.tsx): `active` once the user pointed at, focused or clicked it, or as soon
 * as `showNow` holds (a value to show); `opened` when the user did, so the real control opens at once.
 */
export function useStandIn(showNow = false) {
  const [active, setActive] = useState(showNow);
  const [opened, setOpened] = useState(false);
  if (!active && showNow) setActive(true);
  const open = () => {
    setOpened(true);
    setActive(true);
  };
  return { active, opened, open };
}
