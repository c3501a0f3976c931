import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { contractMessages } from './contract-messages.js';

export default defineConfig({
  plugins: [react(), contractMessages()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Node loads antd's CommonJS build here (the browser build its ES modules): the context that
      // lib/feedback.ts provides and reads must be the one antd's own App uses in the tests
      { find: /^antd\/es\/app\/context$/, replacement: 'antd/lib/app/context' },
    ],
  },
  define: { __BRAND__: JSON.stringify('default'), __SAAS__: 'false' },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-scheduler-guard.ts', './src/test-i18n.ts', './src/test-setup.ts'],
    // antd pages render slowly on a busy 2-core machine; a slow render is not a failure
    testTimeout: 30_000,
  },
});
