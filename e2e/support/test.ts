import { test as base } from '@playwright/test';
import { currentServer, type E2EServer } from './servers';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, Locator, Page, Request } from '@playwright/test';

/**
 * Playwright's `test` bound to the worker's own server: `page`, `context` and `request` resolve
 * relative URLs against it, and `server` names its broker and data directory.
 */
export const test = base.extend<{ server: E2EServer }>({
  // eslint-disable-next-line no-empty-pattern
  server: async ({}, use) => use(currentServer()),
  baseURL: async ({ server }, use) => use(server.url),
});
