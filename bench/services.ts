// What the benches that run the server as its own process share (bench/ingest.ts, bench/soak.ts):
// free ports, a throw-away PostgreSQL database, a Mosquitto of their own, the server started as
// `npm start` runs it, the CPU and memory of a process, and one list of clean-ups run at the end
// or on an interrupt.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@pv/test-ports';
import pg from 'pg';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Run last-in first-out by `runCleanup` (at the end, or on SIGINT / SIGTERM / SIGHUP). */
export const cleanup: (() => Promise<void> | void)[] = [];

export async function runCleanup() {
  for (const c of cleanup.splice(0).reverse()) await Promise.resolve(c()).catch(() => undefined);
}

// interrupted: still stop the servers and the broker and drop the database
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    void runCleanup().then(() => process.exit(130));
  });
}

export { freePort };

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); NaN elsewhere. */
export const cpuSeconds = (pid: number | undefined, thread?: number): number => {
  try {
    const fields = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8')
      .split(') ')[1]!
      .split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
};

/** A process's resident memory in MB, from /proc (Linux); NaN when it is gone or elsewhere. */
export const rssMb = (pid: number | undefined): number => {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
};

/** Resolves once `port` takes a TCP connection; throws after about 5 s. */
async function waitForPort(port: number, what: string) {
  for (let i = 0; i < 50; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = createConnection(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      }).on('error', () => resolve(false));
    });
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`${what} did not start on port ${port}`);
}

/** Mosquitto on a free port, as `npm run test:ingest` starts it: unbounded queues (no silent drops). */
export async function startMosquitto(): Promise<{ url: string; proc: ChildProcess }> {
  const which = spawnSync('sh', ['-c', 'command -v mosquitto || ls /usr/sbin/mosquitto'], { encoding: 'utf8' });
  const bin = which.stdout.trim().split('\n')[0];
  if (which.status !== 0 || !bin) throw new Error('mosquitto is not installed (apt-get install mosquitto)');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'pv-bench-mosquitto-'));
  chmodSync(dir, 0o777);
  writeFileSync(
    join(dir, 'mosquitto.conf'),
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'max_queued_messages 0',
      'max_inflight_messages 0',
      'log_type error',
      'log_type warning',
      '',
    ].join('\n'),
  );
  const proc = spawn(bin, ['-c', join(dir, 'mosquitto.conf')], { stdio: ['ignore', 'inherit', 'inherit'] });
  cleanup.push(async () => {
    if (proc.exitCode === null) {
      proc.kill();
      await new Promise((r) => proc.once('exit', r));
    }
    rmSync(dir, { recursive: true, force: true });
  });
  await waitForPort(port, 'mosquitto');
  return { url: `mqtt://127.0.0.1:${port}`, proc };
}

/** A fresh PostgreSQL database for this run (on BENCH_DATABASE_URL's server), dropped at the end. */
export async function freshPostgres(): Promise<string> {
  const admin =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `pv_bench_${randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  cleanup.push(async () => {
    const d = new pg.Client({ connectionString: admin });
    await d.connect();
    await d.query(`drop database if exists ${name} with (force)`);
    await d.end();
  });
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The server as `npm start` runs it (a 64 MB young generation) on a free port, with the demo
 * accounts and `env`; resolves once /health answers. BENCH_PROFILE=dir writes its CPU profile
 * there, BENCH_NODE_ARGS adds Node options, BENCH_SERVER_LOG=1 shows its output.
 */
export async function startServer(env: Record<string, string>): Promise<{ proc: ChildProcess; port: number }> {
  const port = await freePort();
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const extra = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const proc = spawn(
    process.execPath,
    ['--max-semi-space-size=64', ...profile, ...extra, '--import', 'tsx', join(root, 'apps/server/src/main.ts')],
    {
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        DEMO: 'true',
        SIMULATOR: 'false',
        SIMULATOR_PLANTS: '1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'inherit'],
    },
  );
  cleanup.push(async () => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
  });
  for (let i = 0; ; i++) {
    if (i > 240 || proc.exitCode !== null) throw new Error('server did not start');
    if (
      await fetch(`http://127.0.0.1:${port}/photo_voltaic/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(250);
  }
  return { proc, port };
}

/**
 * Inverters with these SNs in the organisation `orgId`, all with the device key whose sha256 is
 * `hash` (a 1000 a statement); `plantOf(i)` puts the i-th in a plant. Answers their ids by SN.
 */
export async function insertBenchDevices(
  client: pg.Client,
  o: { sns: string[]; orgId: number; hash: string; now: number; plantOf?: (i: number) => number | null },
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let i = 0; i < o.sns.length; i += 1000) {
    const sns = o.sns.slice(i, i + 1000);
    const plants = sns.map((_s, k) => o.plantOf?.(i + k) ?? null);
    const { rows } = await client.query<{ id: number; sn: string }>(
      `insert into devices (sn, name, type, org_id, plant_id, secret_hash, comm_mode, online_state, run_state, created_at)
       select s, s, 'inverter', $1, p, $2, 'mqtt', 'inactive', 'normal', $3 from unnest($4::text[], $5::int[]) as u(s, p)
       returning id, sn`,
      [o.orgId, o.hash, o.now, sns, plants],
    );
    for (const r of rows) ids.set(r.sn, r.id);
  }
  return ids;
}
