import { act, cleanup, configure } from '@testing-library/react';
import { Modal, message, notification } from 'antd';
import { afterAll, afterEach } from 'vitest';
import { takeContractProblems } from './test-fetch';

// findBy* and waitFor wait up to 5 s (testing-library's default is 1 s): a toast or dialog loads
// its antd chunk when first shown (lib/feedback.ts), which takes seconds on a busy 2-core machine
configure({ asyncUtilTimeout: 5_000 });

// Component tests run in happy-dom; antd needs matchMedia.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// happy-dom has no layout, so its IntersectionObserver never reports anything: a test's page is all
// on screen, and what loads when scrolled near (lib/use-near-screen.ts) loads at once. A test that
// scrolls (dashboard-charts.test.tsx) stubs its own.
class OnScreen {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() =>
      this.callback(
        [{ target, isIntersecting: true } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      ),
    );
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
Object.defineProperty(window, 'IntersectionObserver', { value: OnScreen, writable: true, configurable: true });

// Nothing a test rendered may keep running once it ends: React roots are unmounted, and antd's
// static message / notification / modal roots (lib/http shows its error toast there, closing on a
// 5-second timer) are emptied inside act, so no commit is left for after the test DOM is gone.
afterEach(async () => {
  cleanup();
  await act(async () => {
    message.destroy();
    notification.destroy();
    Modal.destroyAll();
  });
});

// A fetch stub (test-fetch.ts) answered something the server never would: the test fails.
afterEach(() => {
  const problems = [...new Set(takeContractProblems())];
  if (problems.length)
    throw new Error(`fetch stubs break the API contract (@pv/contract/responses):\n${problems.join('\n')}`);
});

// A last scheduler tick (passive effects of the final unmount) runs before the DOM is torn down.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 100)));

export {};
