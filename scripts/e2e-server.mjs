#!/usr/bin/env node
// The real server for the end-to-end suite: the built console, a throw-away SQLite file, demo data.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
  console.error('The console is not built: run `npm run build` first.');
  process.exit(1);
}
const { register } = await import('tsx/esm/api');
register();
await import(join(root, 'apps/server/src/main.ts'));
