#!/usr/bin/env node
// The real server for the end-to-end suite: the built console, a throw-away SQLite file, demo data.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// WEB_DIST: a console built elsewhere (a second build that a running build cannot overwrite)
const dist = process.env.WEB_DIST ?? join(root, 'apps/web/dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error(`The console is not built (${dist}): run \`npm run build\` first.`);
  process.exit(1);
}
const { register } = await import('tsx/esm/api');
register();
await import(join(root, 'apps/server/src/main.ts'));
