import { act } from '@testing-library/react';

/**
 * The test DOM lays nothing out: what waits to come near the screen (lib/use-near-screen.ts) comes
 * when a test says so. Stub it with `vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)`.
 */
export class FakeIntersectionObserver {
  static all = new Set<FakeIntersectionObserver>();
  readonly targets = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.all.add(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
    FakeIntersectionObserver.all.delete(this);
  }
  takeRecords() {
    return [];
  }
}

/**
 * Scrolls near the screen what is watched inside the elements of these test ids (every watched
 * element when none is named).
 */
export function reach(...testIds: string[]) {
  act(() => {
    for (const observer of [...FakeIntersectionObserver.all]) {
      const entries = [...observer.targets]
        .filter(
          (el) => !testIds.length || testIds.includes(el.closest('[data-testid]')?.getAttribute('data-testid') ?? ''),
        )
        .map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
      if (entries.length) observer['callback'](entries, observer as unknown as IntersectionObserver);
    }
  });
}
