import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The event bus over a real Redis (scripts/test-redis.mjs checks it is there), not part of `npm test`.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'redis',
    include: ['test-redis/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
