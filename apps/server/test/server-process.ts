import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The server as its own process (apps/server/src/main.ts, what `npm start` runs), for the tests
// that kill it: SIGKILL gives the server no chance to finish anything.

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** A TCP port nothing listens on right now. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

/** Starts the server on `port` with the demo data (no simulated fleet, no history) and `env`; resolves once /health answers. */
export async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DEMO: 'true', SIMULATOR: 'false', SIMULATOR_PLANTS: '1', DEMO_HISTORY: 'false', LOG_LEVEL: 'warn', ...env },
    stdio: 'ignore',
  });
  let exited = false;
  proc.once('exit', () => (exited = true));
  for (let i = 0; i < 240 && !exited; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/photo_voltaic/health`).then((r) => r.ok, () => false);
    if (up) return proc;
    await new Promise((r) => setTimeout(r, 250));
  }
  proc.kill('SIGKILL');
  throw new Error(exited ? 'server exited while starting' : 'server did not start');
}

/** Sends `signal` and waits for the process to end. */
export async function stopServer(proc: ChildProcess, signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill(signal);
  await exited;
}
