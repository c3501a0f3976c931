// Ingest throughput of the real server: N simulated devices publish QoS 1 telemetry from worker
// threads, either to the embedded broker (SQLite by default) or through Mosquitto into PostgreSQL.
// Prints the sustained msgs/s (all messages visible in the database), publish→visible (commit) latency
// percentiles and the loss count.
//
//   npm run ingest -w @pv/bench -- --devices 1000 --messages 30              SQLite, embedded broker, closed loop
//   npm run ingest -w @pv/bench -- --devices 10000 --messages 5 --rate 20000 the same at a steady offered rate
//   npm run ingest -w @pv/bench -- --pg --mosquitto --devices 1000 --messages 20 --rate 8000
//       PostgreSQL (a fresh database on BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
//       and a Mosquitto the bench starts on a free port with `max_queued_messages 0`
//
// Options: --inflight N (closed loop: unacknowledged messages per device), --rate R (open loop:
// offered msgs/s in total), --workers N (publisher threads), --servers N (server processes sharing
// the stream; external broker only). DATABASE_URL / MQTT_URL in the environment still select an
// existing database / broker. BENCH_PROFILE=dir writes the server's CPU profile there;
// BENCH_NODE_ARGS adds Node options to the server's command line (e.g. --trace-gc).
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  cleanup,
  cpuSeconds,
  freePort,
  freshPostgres,
  insertBenchDevices,
  runCleanup,
  sleep,
  startMosquitto,
  startServer,
} from './services.js';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '1000' },
    messages: { type: 'string', default: '20' },
    inflight: { type: 'string', default: '5' },
    rate: { type: 'string', default: '0' },
    workers: { type: 'string', default: '2' },
    servers: { type: 'string', default: '1' },
    pg: { type: 'boolean', default: false },
    mosquitto: { type: 'boolean', default: false },
  },
});
const DEVICES = Number(values.devices);
const PER_DEVICE = Number(values.messages);
const INFLIGHT = Number(values.inflight);
const RATE = Number(values.rate);
const WORKERS = Math.max(1, Math.min(Number(values.workers), DEVICES));
const cpuPids: { name: string; pid: number | undefined }[] = [];

try {
  const dir = mkdtempSync(join(tmpdir(), 'pv-bench-ingest-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const databaseUrl = values.pg ? await freshPostgres() : process.env.DATABASE_URL;
  let external = process.env.MQTT_URL;
  if (values.mosquitto) {
    const broker = await startMosquitto();
    cpuPids.push({ name: 'mosquitto', pid: broker.proc.pid });
    external = broker.url;
  }
  const mqttPort = await freePort();
  const commitLog = join(dir, 'commits.log');
  const serverEnv: Record<string, string> = {
    DATA_DIR: dir,
    MQTT_PORT: String(mqttPort),
    INGEST_COMMIT_LOG: commitLog,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(external ? { MQTT_URL: external } : {}),
  };
  const servers = external ? Math.max(1, Number(values.servers)) : 1;
  // one after the other: the first migrates and seeds
  // each process its own broker sessions (they share DATA_DIR, where the default name is kept)
  for (let i = 0; i < servers; i++) {
    const { proc } = await startServer({ ...serverEnv, MQTT_CLIENT_ID: `pv-bench-${process.pid}-${i}` });
    cpuPids.push({ name: 'server', pid: proc.pid });
  }

  const key = 'bench-key';
  const hash = createHash('sha256').update(key).digest('hex');
  const sns = Array.from({ length: DEVICES }, (_, i) => `BENCH${String(i).padStart(6, '0')}`);
  const now = Date.now();
  let query: <T>(text: string) => Promise<T[]>;
  let pgBackends = async (): Promise<number[]> => [];
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    cleanup.push(() => client.end());
    const { rows } = await client.query('select id from orgs order by id limit 1');
    await insertBenchDevices(client, { sns, orgId: rows[0].id, hash, now });
    query = async <T>(text: string) => (await client.query(text)).rows as T[];
    // the PostgreSQL backends serving this database (the servers' pools), for their CPU
    pgBackends = async () =>
      (
        await client.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        )
      ).rows.map((r) => r.pid);
  } else {
    const db = new SQLite(join(dir, 'pv.sqlite'));
    cleanup.push(() => void db.close());
    db.pragma('busy_timeout = 10000');
    const org = db.prepare('select id from orgs order by id limit 1').get() as { id: number };
    const insert = db.prepare(
      "insert into devices (sn, name, type, org_id, secret_hash, comm_mode, online_state, run_state, created_at) values (?, ?, 'inverter', ?, ?, 'mqtt', 'inactive', 'normal', ?)",
    );
    db.transaction(() => sns.forEach((sn) => insert.run(sn, sn, org.id, hash, now)))();
    query = async <T>(text: string) => db.prepare(text).all() as T[];
  }
  const BENCH = "device_id in (select id from devices where sn like 'BENCH%')";
  const count = async () =>
    Number((await query<{ n: number | string }>(`select count(*) as n from samples where ${BENCH}`))[0]!.n);

  // the publishers: each worker thread takes every WORKERS-th device
  const brokerUrl = external ?? `mqtt://127.0.0.1:${mqttPort}`;
  const t0 = Date.parse('2026-01-01T00:00:00Z');
  const workers = Array.from({ length: WORKERS }, (_, w) => {
    const mine = sns.filter((_s, i) => i % WORKERS === w);
    const worker = new Worker(new URL('./ingest-publisher.mjs', import.meta.url), {
      workerData: {
        brokerUrl,
        sns: mine,
        key,
        perDevice: PER_DEVICE,
        inflight: INFLIGHT,
        rate: (RATE * mine.length) / DEVICES,
        t0,
        external: Boolean(external),
      },
    });
    const next = () =>
      new Promise<{ type: string; elapsed?: number; failed?: number; acks?: Float64Array }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
    return { worker, next };
  });
  await Promise.all(workers.map((w) => w.next()));
  const total = DEVICES * PER_DEVICE;
  const started = performance.now();
  const cpuBefore = cpuPids.map((p) => cpuSeconds(p.pid));
  // the server's main thread (its thread id is the process id): the broker, and the ingest too unless it has a thread of its own
  const mainThreads = cpuPids
    .filter((p) => p.name === 'server')
    .map((p) => ({ pid: p.pid, before: cpuSeconds(p.pid, p.pid) }));
  // BENCH_DETAIL=1: every thread of the servers (the ingest thread, garbage collection helpers, the checkpoint thread…)
  const threadsOf = (pid: number | undefined) => {
    try {
      return readdirSync(`/proc/${pid}/task`).map((tid) => ({
        pid,
        tid: Number(tid),
        name: readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim(),
      }));
    } catch {
      return [];
    }
  };
  const threadsBefore = new Map(
    cpuPids
      .filter((p) => p.name === 'server')
      .flatMap((p) => threadsOf(p.pid))
      .map((t) => [`${t.pid}/${t.tid}`, cpuSeconds(t.pid, t.tid)]),
  );
  const pgBefore = new Map((await pgBackends()).map((pid) => [pid, cpuSeconds(pid)]));
  const benchBefore = process.cpuUsage();
  workers.forEach((w) => w.worker.postMessage('go'));
  const dones = Promise.all(workers.map((w) => w.next()));
  // all stored: the end of the run (polled; the embedded broker's last PUBACK is the same moment)
  let stored = await count();
  let visibleAt = performance.now();
  for (let idle = 0; stored < total && idle < 200;) {
    await sleep(100);
    const n = await count();
    idle = n === stored ? idle + 1 : 0;
    stored = n;
    visibleAt = performance.now();
  }
  const results = await dones;
  const cpuUsed = cpuPids.map((p, i) => ({ name: p.name, s: cpuSeconds(p.pid) - cpuBefore[i]! }));
  const mainThreadCpu = mainThreads.reduce((t, m) => t + cpuSeconds(m.pid, m.pid) - m.before, 0);
  const threadCpu = cpuPids
    .filter((p) => p.name === 'server')
    .flatMap((p) => threadsOf(p.pid))
    .map((t) => ({ ...t, s: cpuSeconds(t.pid, t.tid) - (threadsBefore.get(`${t.pid}/${t.tid}`) ?? 0) }))
    .filter((t) => t.s > 0.05)
    .sort((a, b) => b.s - a.s);
  const benchCpu = process.cpuUsage(benchBefore);
  if (databaseUrl)
    cpuUsed.push({
      name: 'PostgreSQL',
      s: (await pgBackends()).reduce((t, pid) => t + cpuSeconds(pid) - (pgBefore.get(pid) ?? 0), 0),
    });
  const lastAck = Math.max(...results.map((r) => r.elapsed!));
  const failed = results.reduce((s, r) => s + r.failed!, 0);
  // the embedded broker acknowledges after the commit: the last PUBACK is when all was stored
  const elapsed = external ? visibleAt - started : lastAck;

  // publish → visible: the commit time of the sample's batch (the servers log each commit with the
  // received_at stamp its samples got, see INGEST_COMMIT_LOG) minus the sample's send time
  const committed = new Map<number, number>();
  let batches = 0;
  for (const line of readFileSync(commitLog, 'utf8').split('\n')) {
    const [receivedAt, committedAt] = line.split(' ').map(Number);
    if (receivedAt && committedAt) committed.set(receivedAt, Math.max(committed.get(receivedAt) ?? 0, committedAt));
    if (receivedAt) batches++;
  }
  const rows = await query<{ points: string; received_at: number | string }>(
    `select points, received_at from samples where ${BENCH}`,
  );
  let unmatched = 0;
  // per second of the run (by send time): the worst delay, to see where the tail comes from (BENCH_DETAIL)
  const worstBySecond = new Map<number, number>();
  const delays = Float64Array.from(rows, (r) => {
    const at = committed.get(Number(r.received_at));
    if (at === undefined) unmatched++;
    const { sentAt } = JSON.parse(r.points) as { sentAt: number };
    const delay = (at ?? Number(r.received_at)) - sentAt;
    const second = Math.floor(sentAt / 1000);
    worstBySecond.set(second, Math.max(worstBySecond.get(second) ?? 0, delay));
    return delay;
  }).sort();
  if (unmatched) console.log(`(${unmatched} samples without a logged commit: their received_at is used)`);
  const acks = Float64Array.from(results.flatMap((r) => [...r.acks!])).sort();
  const pct = (a: Float64Array, p: number) =>
    a.length ? a[Math.min(a.length - 1, Math.floor((p / 100) * a.length))]!.toFixed(0) : '-';
  console.log(
    `PV Console ingest benchmark: ${databaseUrl ? 'PostgreSQL' : 'SQLite'}, ${external ? `external broker (${values.mosquitto ? 'Mosquitto started by the bench' : external}), ${servers} server process(es)` : 'embedded broker'}, Node ${process.version}, ${WORKERS} publisher threads`,
  );
  console.log(
    `${DEVICES} devices × ${PER_DEVICE} messages = ${total} QoS 1 messages, ${RATE ? `offered at ${RATE} msgs/s` : `closed loop, up to ${INFLIGHT} unacknowledged per device`}`,
  );
  console.log(
    `sustained ${Math.round(total / (elapsed / 1000))} msgs/s (all ${stored} stored ${(elapsed / 1000).toFixed(2)} s after the start)   lost ${total - stored}   publish errors ${failed}`,
  );
  // CPU per message does not depend on what else the machine runs (wall-clock rates on a shared machine do)
  const serverCpu = cpuUsed.filter((c) => c.name === 'server').reduce((t, c) => t + c.s, 0);
  const perMsg = (sec: number) => ((sec * 1e6) / total).toFixed(0);
  console.log(
    `CPU per message: server ${perMsg(serverCpu)} µs (main thread ${perMsg(mainThreadCpu)} µs: one core would carry ${Math.round(total / mainThreadCpu)} msgs/s)${cpuUsed
      .filter((c) => c.name !== 'server')
      .map((c) => `, ${c.name} ${perMsg(c.s)} µs`)
      .join(
        '',
      )}, bench publishers ${perMsg((benchCpu.user + benchCpu.system) / 1e6)} µs; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`,
  );
  if (process.env.BENCH_DETAIL)
    console.log(
      `server threads, CPU µs per message: ${threadCpu.map((t) => `${t.name} (${t.tid}) ${((t.s * 1e6) / total).toFixed(1)}`).join(', ')}`,
    );
  if (process.env.BENCH_DETAIL)
    console.log(
      `worst publish→visible per second sent (ms): ${[...worstBySecond]
        .sort((a, b) => a[0] - b[0])
        .map(([, d]) => d.toFixed(0))
        .join(' ')}`,
    );
  console.log(`${batches} batches committed (${Math.round(stored / Math.max(1, batches))} messages each on average)`);
  console.log(
    `publish→visible (committed) p50 ${pct(delays, 50)} ms  p99 ${pct(delays, 99)} ms  max ${pct(delays, 100)} ms   publish→PUBACK p50 ${pct(acks, 50)} ms  p99 ${pct(acks, 99)} ms${external ? ' (from the broker)' : ' (after the commit)'}`,
  );
  await Promise.all(
    workers.map(async (w) => {
      w.worker.postMessage('close');
      await w.next();
      await w.worker.terminate();
    }),
  );
} finally {
  await runCleanup();
}
