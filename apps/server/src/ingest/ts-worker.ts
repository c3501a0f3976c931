import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

// CommonJS run by the worker (eval): loads the TypeScript entry, with tsx's loader when the
// thread has none (a server started by `npm start` registers tsx in its main thread only)
const BOOT = `
const { workerData } = require('node:worker_threads');
(async () => {
  try {
    await import(workerData.entry);
  } catch (err) {
    if (err && err.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw err;
    (await import(workerData.tsx)).register();
    await import(workerData.entry + '?tsx');
  }
})();
`;

/** The ES module of tsx's `tsx/esm/api`, as its package exports it (its CommonJS build cannot register the loader in a thread). */
function tsxApi(): string {
  const file = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(file, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  return new URL(exports['./esm/api']!.import.default, pathToFileURL(file)).href;
}

/** The URL of the module `name` (without extension) beside `base`: .ts from sources, .js from a build. */
export const siblingUrl = (base: string, name: string): string =>
  new URL(`./${name}${base.endsWith('.ts') ? '.ts' : '.js'}`, base).href;

/**
 * A worker thread running the module `name` (without extension) beside `base` (an
 * `import.meta.url`): its .ts source when the server runs from sources, else its .js build.
 * `data` joins the worker's workerData.
 */
export function startWorker(base: string, name: string, data: Record<string, unknown> = {}): Worker {
  const entry = siblingUrl(base, name);
  return new Worker(BOOT, { eval: true, workerData: { ...data, entry, tsx: tsxApi() } });
}

/**
 * Asks `worker` to close (`closeMessage`: it finishes what it does, closes its connection and its
 * port) and waits for it to exit, at most `graceMs`, then terminates it. Referenced meanwhile: a
 * script whose last step is app.close() must not exit before the thread has.
 */
export async function closeWorker(worker: Worker, closeMessage: unknown, graceMs = 5000): Promise<void> {
  const exited = new Promise<void>((r) => worker.once('exit', () => r()));
  worker.ref();
  worker.postMessage(closeMessage);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, graceMs)))]);
  clearTimeout(timer);
  await worker.terminate();
}
