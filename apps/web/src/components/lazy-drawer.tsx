import type { DrawerProps } from 'antd';
import { lazy, Suspense } from 'react';

// antd's Drawer (some 4 KB gzip) loads when a drawer is first rendered: the shell renders its
// drawers (the sidebar, the notifications) only on a phone or a tablet, so a desktop's first load
// goes without it
const Drawer = lazy(() => import('./drawer-part').then((m) => ({ default: m.Drawer })));

/** antd's Drawer, loaded the first time one is rendered (closed drawers show nothing meanwhile). */
export function LazyDrawer(props: DrawerProps) {
  return (
    <Suspense fallback={null}>
      <Drawer {...props} />
    </Suspense>
  );
}
