import { freePort, freePorts } from '@pv/test-ports';
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The server as its own process (apps/server/src/main.ts, what `npm start` runs), for the tests
// that kill it: SIGKILL gives the server no chance to finish anything.

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

export { freePort, freePorts };

/** Thrown when the server stops while starting; `portInUse` when another process took one of its ports in the meantime. */
export class ServerStartError extends Error {
  constructor(
    message: string,
    readonly portInUse: boolean,
  ) {
    super(message);
  }
}

/** Starts the server on `port` with the demo data (no simulated fleet, no history) and `env`; resolves once /health answers. */
export async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DEMO: 'true',
      SIMULATOR: 'false',
      SIMULATOR_PLANTS: '1',
      DEMO_HISTORY: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // what it said on stderr, for the error when it does not come up
  let said = '';
  proc.stderr!.on('data', (chunk: Buffer) => (said = (said + chunk.toString()).slice(-2000)));
  let exited = false;
  proc.once('exit', () => (exited = true));
  for (let i = 0; i < 240 && !exited; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/photo_voltaic/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return proc;
    await new Promise((r) => setTimeout(r, 250));
  }
  proc.kill('SIGKILL');
  throw new ServerStartError(
    `${exited ? 'server exited while starting' : 'server did not start'}${said ? `: ${said.trim()}` : ''}`,
    /is in use/.test(said),
  );
}

/**
 * Starts the server on two fresh ports (HTTP, embedded MQTT) given to `env`, and on two others when
 * one was taken in the meantime (other test files pick free ports too).
 */
export async function startOnFreePorts(
  env: (port: number, mqttPort: number) => Record<string, string>,
): Promise<{ proc: ChildProcess; port: number; mqttPort: number }> {
  for (let attempt = 1; ; attempt++) {
    const [port, mqttPort] = (await freePorts(2)) as [number, number];
    try {
      return { proc: await startServer(port, env(port, mqttPort)), port, mqttPort };
    } catch (err) {
      if (!(err instanceof ServerStartError && err.portInUse) || attempt >= 3) throw err;
    }
  }
}

/** Sends `signal` and waits for the process to end. */
export async function stopServer(proc: ChildProcess, signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill(signal);
  await exited;
}
