import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The ingest suite against a real Mosquitto (started by scripts/test-ingest.mjs), not part of `npm test`.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'ingest',
    include: ['test-ingest/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
