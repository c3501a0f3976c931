import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { name: 'test-ports', include: ['src/**/*.test.ts'] } });
