import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { name: 'solar', include: ['src/**/*.test.ts'] } });
