import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/**
 * A named export loaded on demand (React.lazy takes a default export). Forms and dialogs of a list
 * page load this way: their fields (date pickers, tree selects, uploads) and the contract's
 * schemas behind their rules would otherwise be in the list's first load.
 */
export function lazyNamed<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ComponentType<PropsOf<M[K]>>> {
  return lazy(() => load().then((m) => ({ default: m[name] as ComponentType<PropsOf<M[K]>> })));
}

/**
 * Renders its children from the first time `open` is true on (so a lazy dialog's code loads when it
 * is first opened, and it stays mounted to play its closing animation).
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [seen, setSeen] = useState(open);
  if (open && !seen) setSeen(true);
  if (!seen && !open) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
