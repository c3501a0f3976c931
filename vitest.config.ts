import { defineConfig } from 'vitest/config';

// One `npm test` runs every workspace's unit, component and API tests (not e2e, not bench).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
  },
});
