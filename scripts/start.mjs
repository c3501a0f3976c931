#!/usr/bin/env node
// `npm start`: builds the console when its sources (or BRAND/SAAS) changed since the last build,
// then runs the server in this process with the embedded defaults (SQLite, demo data).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');
const stampFile = join(dist, '.build-stamp.json');

function newestMtime(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src']
  .map((p) => join(root, p))
  .filter(existsSync);
const wanted = {
  brand: process.env.BRAND ?? 'default',
  saas: process.env.SAAS === 'true',
  sources: Math.max(...sources.map(newestMtime)),
};
let stamp;
try {
  stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
} catch {
  stamp = null; // no previous build
}
const upToDate =
  existsSync(join(dist, 'index.html')) &&
  stamp?.brand === wanted.brand &&
  stamp?.saas === wanted.saas &&
  stamp?.sources >= wanted.sources;

if (!upToDate) {
  console.log('Building the console (first start or changed sources)…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@pv/web'], { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeFileSync(stampFile, JSON.stringify(wanted));
}

process.env.DEMO ??= 'true';
process.env.LOG_LEVEL ??= 'warn';
const { register } = await import('tsx/esm/api');
register();
await import(join(root, 'apps/server/src/main.ts'));
