import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { brandHtml } from './brand-html.js';
import { contractMessages } from './contract-messages.js';
import { echartsBase, shellChunk } from './first-load-chunks.js';
import { lazyAntdParts } from './lazy-antd-parts.js';
import { pureContract } from './pure-contract.js';

const src = fileURLToPath(new URL('./src', import.meta.url));

// The API the dev server proxies to (npm run dev starts it on API_PORT).
const apiPort = process.env.API_PORT || '8080';

/** Vendor groups split out of the entry so a deploy of the console's own code leaves them cached. */
const REACT = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const ECHARTS = /node_modules[\\/](echarts|zrender)[\\/]/;

export default defineConfig({
  // .br and .gz beside each asset: the server sends them as they are (@fastify/static preCompressed)
  plugins: [
    react(),
    contractMessages(),
    pureContract(),
    lazyAntdParts(),
    brandHtml(process.env.BRAND),
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      threshold: 1024,
    }),
  ],
  // `@/x` is `src/x` (tsconfig.json paths say the same to TypeScript)
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  define: {
    // one white-label brand and one SaaS flag per build (spec §1, §2)
    __BRAND__: JSON.stringify(process.env.BRAND || 'default'),
    __SAAS__: JSON.stringify(process.env.SAAS === 'true'),
  },
  server: {
    proxy: { '/photo_voltaic': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    modulePreload: {
      // The chunks of the first screen are preloaded by index.html. A lazy import's chunks are found by
      // the browser as it loads them, not announced first as <link rel=modulepreload>: the console
      // shell's import listed some 70, appended in one task that blocked a phone for 100-300 ms.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    // antd alone is above Vite's 500 kB default; it is cached apart from the console's code
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // zod schemas of @pv/contract are built at module level; a call on `z` has no effect beyond its
      // value, so a page that imports a constant beside them does not take zod and every schema
      treeshake: {
        manualPureFunctions: ['z'],
        // antd's component packages (@rc-component/*, @ant-design/*) declare no `sideEffects`, so a
        // bundler keeps every module their index files name: ConfigProvider alone, through
        // `@rc-component/util`'s and `@rc-component/form`'s indexes, put the whole form engine, the
        // popup trigger and more into every first load. They have none (they export components and
        // helpers); antd itself declares its own.
        moduleSideEffects: [{ test: /node_modules[\\/](@rc-component|@ant-design)[\\/]/, sideEffects: false }],
      },
      output: {
        // Rolldown's form of Rollup's manualChunks (which it keeps only as a deprecated alias);
        // pages are split on their own by the lazy imports in app/pages.tsx and app/console-pages.tsx,
        // and what the signed-in shell needs is one chunk (first-load-chunks.ts).
        codeSplitting: {
          // ECharts: what components/chart.tsx needs is one chunk (the dashboard's); what only some
          // charts use (the tooltip, the zoom and mark lines of the history charts) is entriesAware,
          // in a chunk per set of users, not in the one the dashboard loads
          groups: [
            { name: 'react', test: REACT },
            echartsBase(src, ECHARTS),
            { name: 'echarts', test: ECHARTS, entriesAware: true },
            shellChunk(src),
          ],
        },
      },
    },
  },
});
