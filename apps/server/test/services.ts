import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process.js';

// Private instances of the services the server depends on (Mosquitto, PostgreSQL, Redis), each on a
// free port in a directory of the test, for the tests that stop and start them mid-stream. The
// machine's own services are never touched.

/** A service the test may stop and start again on the same port, with the same data. */
export interface PrivateService {
  readonly url: string;
  readonly port: number;
  /** Starts it; resolves when it takes connections. */
  start(): Promise<void>;
  /** Stops it ('SIGTERM': as a service manager would; 'SIGKILL': it dies) and waits until it is gone. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Kills it and removes its directory. */
  dispose(): Promise<void>;
}

/** A directory of its own that the service's user may enter (a service started as root may run as another user). */
function serviceDir(name: string) {
  const dir = mkdtempSync(join(tmpdir(), `pv-${name}-`));
  chmodSync(dir, 0o755);
  return dir;
}

/** Resolves once `port` takes a TCP connection; throws after `timeoutMs`. */
export async function waitForPort(port: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const s = createConnection(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      }).on('error', () => resolve(false));
    });
    if (up) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Runs a program in the foreground of the test; `stop` signals it and waits for its exit. */
function foreground(bin: string, args: string[], port: number, url: string, dir: string): PrivateService {
  let proc: ChildProcess | undefined;
  const service: PrivateService = {
    url,
    port,
    async start() {
      if (proc) throw new Error(`${bin} is running already`);
      const p = spawn(bin, args, { stdio: ['ignore', 'ignore', 'inherit'] });
      proc = p;
      p.once('exit', () => {
        if (proc === p) proc = undefined;
      });
      await waitForPort(port);
    },
    async stop(signal = 'SIGTERM') {
      const p = proc;
      if (!p || p.exitCode !== null || p.signalCode !== null) return;
      const exited = new Promise((r) => p.once('exit', r));
      p.kill(signal);
      await exited;
    },
    async dispose() {
      await service.stop('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return service;
}

/**
 * Mosquitto as scripts/test-ingest.mjs configures it (no queue limit, persistence), on its own port
 * and directory: what it acknowledged survives a restart (it saves at a stop; every second
 * besides, not at every change, which with thousands of queued messages slows it to a crawl).
 */
export async function privateMosquitto(): Promise<PrivateService> {
  const bin = process.env.INGEST_MOSQUITTO_BIN;
  if (!bin) throw new Error('INGEST_MOSQUITTO_BIN is not set: run this suite with `npm run test:ingest`');
  const port = await freePort();
  const dir = serviceDir('mosquitto');
  // mosquitto started as root runs as the mosquitto user: it must be able to write its persistence file
  chmodSync(dir, 0o777);
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'max_queued_messages 0',
      'max_inflight_messages 0',
      'persistence true',
      `persistence_location ${dir}/`,
      'autosave_interval 1',
      'log_type error',
      '',
    ].join('\n'),
  );
  const service = foreground(bin, ['-c', conf], port, `mqtt://127.0.0.1:${port}`, dir);
  await service.start();
  return service;
}

/** Redis with no persistence on its own port: killed, it comes back empty, as a cache would. */
export async function privateRedis(): Promise<PrivateService> {
  const port = await freePort();
  const service = foreground(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'],
    port,
    `redis://127.0.0.1:${port}`,
    serviceDir('redis'),
  );
  await service.start();
  return service;
}

/** The newest PostgreSQL server binaries of the machine (/usr/lib/postgresql/<version>/bin). */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length) throw new Error('PostgreSQL server binaries (initdb, pg_ctl) are not installed');
  return join(root, versions[0]!, 'bin');
}

/**
 * A PostgreSQL cluster of its own (initdb in `dir`, trust authentication, user postgres) on a free
 * port. initdb refuses to run as root: as root it runs as the `postgres` system user.
 */
export async function privatePostgres(): Promise<PrivateService> {
  const bin = postgresBin();
  const port = await freePort();
  const data = serviceDir('postgres');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gids = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (ids.status !== 0) throw new Error('running as root, and there is no postgres user to run initdb as');
    chownSync(data, Number(ids.stdout), Number(gids.stdout));
    chmodSync(data, 0o700);
  }
  const run = (args: string[]) => {
    const [cmd, ...rest] = asRoot ? ['runuser', '-u', 'postgres', '--', ...args] : args;
    const r = spawnSync(cmd!, rest, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${args.slice(0, 2).join(' ')} failed: ${r.stderr || r.stdout}`);
  };
  run([join(bin, 'initdb'), '-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  // a throw-away cluster: no fsync, sockets in its own directory, TCP on the test's port only
  const options = `-p ${port} -k ${data} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const service: PrivateService = {
    url,
    port,
    async start() {
      run([join(bin, 'pg_ctl'), '-D', data, '-o', options, '-l', join(data, 'log'), '-w', 'start']);
      await waitForPort(port);
    },
    async stop(signal = 'SIGTERM') {
      // fast: every connection is ended at once, as a restart by the service manager does
      run([join(bin, 'pg_ctl'), '-D', data, '-m', signal === 'SIGKILL' ? 'immediate' : 'fast', '-w', 'stop']);
    },
    async dispose() {
      if (existsSync(join(data, 'postmaster.pid'))) await service.stop('SIGKILL').catch(() => undefined);
      rmSync(data, { recursive: true, force: true });
    },
  };
  await service.start();
  return service;
}
