import { afterAll } from 'vitest';

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
// React's scheduler can still hold a tick of work when a file's last test ends (a query settling
// after unmount); let it run before the test DOM is torn down, or it meets a missing `window`.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 300)));

export {};
