// Soak of the multi-process layout (issue 23): SOAK_DEVICES simulated devices (default 10,000)
// for SOAK_MINUTES (default 30) on PostgreSQL + Mosquitto + Redis with two server processes on
// their own ports sharing the database, the broker and Redis, while a scripted console user signs
// in, pages the plant and device lists and opens charts. Everything is its own: a throw-away
// database on BENCH_DATABASE_URL's server, a Mosquitto and a Redis on free ports.
//
//   npm run soak -w @pv/bench
//   SOAK_MINUTES=3 SOAK_DEVICES=2000 npm run soak -w @pv/bench       a short run
//
// It prints, per interval (SOAK_REPORT_S, default 60 s): publish → visible of probe samples
// (published by probe devices, seen through the API's raw samples), the console user's requests,
// messages acknowledged and stored so far, and the resident memory of every process. At the end
// it checks the goals and exits 1 when one is missed:
//   - publish → visible p99 ≤ SOAK_P99_MS (1000) in every interval, every probe seen;
//   - 0 lost: every telemetry message the broker acknowledged is stored;
//   - old samples go by partition drop: the seeded days past the retention (1 day) are dropped
//     whole by the archive, and no row of `samples` is ever deleted (pg_stat_user_tables);
//   - memory flat: each server's and the simulator's RSS at the end within SOAK_RSS_GROWTH (1.25)
//     times its RSS after the first interval;
//   - every console request answered 200.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD, topics } from '@pv/contract';
import mqtt from 'mqtt';
import pg from 'pg';
import { privateRedis } from '../apps/server/test/services.js';
import { closeDb, createDb } from '../apps/server/src/db/dialect.js';
import { runArchive } from '../apps/server/src/modules/system/archive.js';
import { createInverterFleet } from '../packages/simulator/src/fleet.js';
import {
  cleanup,
  freePort,
  freshPostgres,
  insertBenchDevices,
  root,
  rssMb,
  runCleanup,
  sleep,
  startMosquitto,
  startServer,
} from './services.js';

const num = (name: string, fallback: number) => {
  const v = process.env[name];
  const n = v === undefined || v === '' ? fallback : Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number (got ${v})`);
  return n;
};
const MINUTES = num('SOAK_MINUTES', 30);
const DEVICES = num('SOAK_DEVICES', 10_000);
const INTERVAL_MS = num('SOAK_INTERVAL_S', 10) * 1000;
const REPORT_MS = num('SOAK_REPORT_S', 60) * 1000;
const PROBE_MS = num('SOAK_PROBE_MS', 500);
const USER_PAUSE_MS = num('SOAK_USER_PAUSE_MS', 1000);
const P99_MS = num('SOAK_P99_MS', 1000);
const RSS_GROWTH = num('SOAK_RSS_GROWTH', 1.25);
const PROBES = 4;
const SEED = 7;
const DAY = 86_400_000;
/** The server's archive job first ticks one period (10 minutes) after the server starts. */
const ARCHIVE_JOB_FIRST_MS = 600_000;
const API = '/photo_voltaic';

const pct = (values: number[], p: number) => {
  if (!values.length) return NaN;
  const a = [...values].sort((x, y) => x - y);
  return a[Math.min(a.length - 1, Math.floor((p / 100) * a.length))]!;
};
const ms = (v: number) => (Number.isNaN(v) ? '-' : v.toFixed(0));
const mb = (v: number) => (Number.isNaN(v) ? '-' : v.toFixed(0));

interface Interval {
  /** publish → visible of the probes sent in it, ms */
  visible: number[];
  notVisible: number;
  /** console requests, ms */
  requests: number[];
  requestErrors: string[];
}
const newInterval = (): Interval => ({ visible: [], notVisible: 0, requests: [], requestErrors: [] });

/** The pid of the redis-server listening on `port` (its command line names the port). */
function redisPid(port: number): number | undefined {
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmd.startsWith('redis-server') && cmd.includes(`:${port}`)) return Number(pid);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

const goals: { what: string; ok: boolean }[] = [];
const goal = (what: string, ok: boolean) => goals.push({ what, ok });

try {
  const loadStart = loadavg()[0]!;
  const databaseUrl = await freshPostgres();
  const broker = await startMosquitto();
  const redis = await privateRedis();
  cleanup.push(() => redis.dispose());
  const servers: { name: string; pid: number | undefined; base: string }[] = [];
  const startOne = async (name: string) => {
    const dataDir = mkdtempSync(join(tmpdir(), `pv-soak-${name}-`));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const { proc, port } = await startServer({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      MQTT_URL: broker.url,
      REDIS_URL: redis.url,
      MQTT_PORT: String(await freePort()),
      MQTT_CLIENT_ID: `pv-soak-${process.pid}-${name.slice(-1).toLowerCase()}`,
    });
    servers.push({ name, pid: proc.pid, base: `http://127.0.0.1:${port}` });
  };
  // the first migrates and seeds the demo data, then the fleet goes in, then the second
  const serversStarted = Date.now();
  await startOne('server A');

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  cleanup.push(() => client.end());
  const now = Date.now();
  const plants = createInverterFleet(SEED, DEVICES - PROBES);
  const { rows: orgs } = await client.query<{ id: number }>(`select id from orgs where code = 'ROOT'`);
  const orgId = orgs[0]!.id;
  const { rows: plantRows } = await client.query<{ id: number; name: string }>(
    `insert into plants (org_id, name, capacity_wp, country, time_zone, latitude, longitude, install_position, installed_at, created_at)
     select $1, n, w, 'CN', z, la, lo, 'roof', $2, $2
     from unnest($3::text[], $4::int[], $5::text[], $6::float8[], $7::float8[]) as u(n, w, z, la, lo)
     returning id, name`,
    [
      orgId,
      now,
      plants.map((p) => p.name),
      plants.map((p) => p.capacityWp),
      plants.map((p) => p.timeZone),
      plants.map((p) => p.latitude),
      plants.map((p) => p.longitude),
    ],
  );
  const plantId = new Map(plantRows.map((r) => [r.name, r.id]));
  const simulated = plants.flatMap((p) => p.devices.map((d) => ({ sn: d.sn, plant: plantId.get(p.name)! })));
  const probeSns = Array.from({ length: PROBES }, (_, i) => `SOAKPROBE${i + 1}`);
  const all = [...simulated, ...probeSns.map((sn) => ({ sn, plant: simulated[0]!.plant }))];
  const ids = await insertBenchDevices(client, {
    sns: all.map((d) => d.sn),
    orgId,
    hash: createHash('sha256').update('soak-key').digest('hex'),
    now,
    plantOf: (i) => all[i]!.plant,
  });

  // days past the retention (1 day): days -3 and -2, in their own partitions, for the archive to drop
  const today = Math.floor(now / DAY) * DAY;
  const cutoff = Math.floor((now - DAY) / DAY) * DAY;
  const oldDays = [today - 3 * DAY, today - 2 * DAY];
  const oldPartitions: string[] = [];
  const oldDevices = [...ids.values()].slice(0, 1000);
  for (const from of oldDays) {
    const name = `samples_p${new Date(from).toISOString().slice(0, 10).replace(/-/g, '')}`;
    await client.query(`create table ${name} partition of samples for values from (${from}) to (${from + DAY})`);
    oldPartitions.push(name);
    await client.query(
      `insert into samples (device_id, ts, points, received_at)
       select d, $1::bigint + g * 1800000, '{"acPower":1}', $2 from unnest($3::int[]) d, generate_series(0, 47) g`,
      [from, now, oldDevices],
    );
  }
  const seededOld = oldDevices.length * 48 * oldDays.length;
  await client.query(
    `update archive_config set retention_days = 1, storage_medium = 'database', filing_rate = 'daily', last_filed_at = null where id = 1`,
  );
  await startOne('server B');

  // the simulator
  const sim = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'bench/soak-devices.ts'),
      JSON.stringify({
        brokerUrl: broker.url,
        devices: DEVICES - PROBES,
        seed: SEED,
        intervalMs: INTERVAL_MS,
        groups: 10,
      }),
    ],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  cleanup.push(async () => {
    if (sim.exitCode !== null || sim.signalCode !== null) return;
    sim.kill('SIGKILL');
    await new Promise((r) => sim.once('exit', r));
  });
  type SimMessage =
    | { type: 'ready'; sns: string[] }
    | { type: 'progress'; acked: number; failed: number }
    | { type: 'done'; acked: Record<string, number>; failed: number };
  let simProgress = { acked: 0, failed: 0 };
  const simDone = new Promise<Extract<SimMessage, { type: 'done' }>>((resolve, reject) => {
    sim.on('message', (m: SimMessage) => {
      if (m.type === 'progress') simProgress = m;
      if (m.type === 'done') resolve(m);
    });
    sim.once('exit', (code) => reject(new Error(`the simulator exited (${code})`)));
  });
  simDone.catch(() => undefined);
  const soakStart = Date.now();
  await new Promise<void>((resolve, reject) => {
    sim.on('message', (m: SimMessage) => m.type === 'ready' && resolve());
    sim.once('exit', (code) => reject(new Error(`the simulator exited while connecting (${code})`)));
  });
  const connectedAt = Date.now();

  const procs = [
    ...servers.map((s) => ({ name: s.name, pid: s.pid, flat: true })),
    { name: 'simulator', pid: sim.pid, flat: true },
    { name: 'mosquitto', pid: broker.proc.pid, flat: false },
    { name: 'redis', pid: redisPid(redis.port), flat: false },
  ];
  const rss = () => [...procs.map((p) => rssMb(p.pid)), process.memoryUsage().rss / 2 ** 20];
  const rssNames = [...procs.map((p) => p.name), 'bench'];
  const rssStart = rss();

  const signIn = async (base: string) => {
    const res = await fetch(`${base}${API}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    const body = (await res.json()) as { data: { token: string } | null; msg: string };
    if (!res.ok || !body.data) throw new Error(`sign-in on ${base}: ${res.status} ${body.msg}`);
    return body.data.token;
  };

  let running = true;
  let interval = newInterval();
  const intervals: Interval[] = [];

  // probes: samples published by devices of the bench, looked for through the API, on either server
  const probeTokens = await Promise.all(servers.map((s) => signIn(s.base)));
  const probeAcked = new Map(probeSns.map((sn) => [sn, 0]));
  const probeClients = await Promise.all(
    probeSns.map((sn) => mqtt.connectAsync(broker.url, { clientId: `soak-probe-${sn}-${process.pid}`, clean: true })),
  );
  const lastTs = new Map<string, number>();
  const probesInFlight = new Set<Promise<void>>();
  let probeNo = 0;
  const probe = async () => {
    const k = probeNo++;
    const sn = probeSns[k % PROBES]!;
    const deviceId = ids.get(sn)!;
    const server = servers[k % servers.length]!;
    const token = probeTokens[k % servers.length]!;
    const ts = Math.max(Date.now(), (lastTs.get(sn) ?? 0) + 1);
    lastTs.set(sn, ts);
    const bucket = interval;
    const sent = performance.now();
    const acked = probeClients[k % PROBES]!.publishAsync(
      topics.telemetry(sn),
      JSON.stringify({ ts, points: { acPower: k % 5000 } }),
      { qos: 1 },
    ).then(
      () => void probeAcked.set(sn, probeAcked.get(sn)! + 1),
      () => undefined,
    );
    for (;;) {
      await sleep(50);
      if (performance.now() - sent > 20_000) {
        bucket.notVisible++;
        break;
      }
      const res = await fetch(
        `${server.base}${API}/data/samples?deviceId=${deviceId}&start=${ts}&end=${ts + 1}&pageNum=1&pageSize=1`,
        { headers: { 'x-token': token } },
      ).catch(() => undefined);
      if (!res?.ok) continue;
      const body = (await res.json()) as { data: { rows: { ts: number }[] } };
      if (body.data.rows.some((r) => r.ts === ts)) {
        bucket.visible.push(performance.now() - sent);
        break;
      }
    }
    await acked;
  };
  const probeTimer = setInterval(() => {
    const p = probe();
    probesInFlight.add(p);
    void p.finally(() => probesInFlight.delete(p));
  }, PROBE_MS);

  // the console user: signs in (on either server in turn), pages the plant and device lists,
  // opens a plant's chart and a device's history, signs out after 100 pages
  const user = (async () => {
    for (let session = 0; running; session++) {
      const server = servers[session % servers.length]!;
      let token: string;
      try {
        token = await signIn(server.base);
      } catch (err) {
        interval.requestErrors.push((err as Error).message);
        await sleep(USER_PAUSE_MS);
        continue;
      }
      const get = async <T>(path: string): Promise<T | undefined> => {
        const started = performance.now();
        const res = await fetch(`${server.base}${API}${path}`, { headers: { 'x-token': token } }).catch(
          (err: Error) => err,
        );
        const body = res instanceof Error || !res.ok ? undefined : ((await res.json()) as { data: T });
        interval.requests.push(performance.now() - started);
        if (!body) interval.requestErrors.push(`${path}: ${res instanceof Error ? res.message : res.status}`);
        await sleep(USER_PAUSE_MS);
        return body?.data;
      };
      for (let page = 1 + session * 7; running && page <= 100 + session * 7; page++) {
        const plantPage = await get<{ rows: { id: number }[]; total: number }>(
          `/plants?pageNum=${(page % Math.ceil(plants.length / 20)) + 1}&pageSize=20`,
        );
        const plant = plantPage?.rows[page % Math.max(1, plantPage.rows.length)];
        if (plant) await get(`/plants/${plant.id}/chart?range=${page % 3 ? 'realtime' : '7'}`);
        const devicePage = await get<{ rows: { id: number }[] }>(
          `/devices?pageNum=${(page % Math.ceil(DEVICES / 20)) + 1}&pageSize=20`,
        );
        const device = devicePage?.rows[page % Math.max(1, devicePage.rows.length)];
        if (device) await get(`/devices/${device.id}/history?point=acPower&range=${page % 2 ? 0 : 1}`);
      }
      await get('/sysLogout');
    }
  })();

  const stored = async () => {
    const { rows } = await client.query<{ n: string }>('select count(*) as n from samples where ts >= $1', [
      soakStart - 60_000,
    ]);
    return Number(rows[0]!.n);
  };
  const ackedSoFar = () => simProgress.acked + [...probeAcked.values()].reduce((a, b) => a + b, 0);

  console.log(
    `PV Console soak: ${DEVICES} devices (${DEVICES - PROBES} simulated inverters in ${plants.length} plants, one message each every ${INTERVAL_MS / 1000} s, and ${PROBES} probe devices), ${MINUTES} min, PostgreSQL + Mosquitto + Redis, ${servers.length} server processes; Node ${process.version}, ${cpus().length} cores, load average ${loadStart.toFixed(1)} at the start`,
  );
  console.log(
    `the simulator connected its devices in ${((connectedAt - soakStart) / 1000).toFixed(1)} s (10 groups, one device interval apart)`,
  );
  console.log(`RSS at the start (MB): ${rssNames.map((n, i) => `${n} ${mb(rssStart[i]!)}`).join(', ')}`);
  console.log(
    'min | probes | publish→visible p50 / p99 / max ms | not seen | console requests / errors / p99 ms | acked (simulator: 5 s ago) / stored | RSS MB ' +
      rssNames.join(' / '),
  );

  // the archive: the servers' job when its first tick (10 min after the start) falls in the run,
  // else the same run by the bench at half time
  const archiveByJob = serversStarted + ARCHIVE_JOB_FIRST_MS + 60_000 < connectedAt + MINUTES * 60_000;
  let archivedByBench: { pruned: number } | null = null;
  const archiveAt = connectedAt + (MINUTES * 60_000) / 2;
  const rssAfterFirst: number[][] = [];
  /** at the last report, while every process still runs */
  let rssEnd: number[] = [];
  const end = connectedAt + MINUTES * 60_000;
  for (let t = connectedAt + REPORT_MS; ; t += REPORT_MS) {
    const at = Math.min(t, end);
    while (Date.now() < at) {
      if (!archiveByJob && !archivedByBench && Date.now() >= archiveAt) {
        const { db } = createDb(databaseUrl);
        archivedByBench = (await runArchive(db, Date.now(), { force: true }))!;
        await closeDb(db);
      }
      await sleep(Math.min(1000, at - Date.now()));
    }
    const done = interval;
    interval = newInterval();
    intervals.push(done);
    const mem = rss();
    if (!rssAfterFirst.length) rssAfterFirst.push(mem);
    rssEnd = mem;
    console.log(
      [
        ((at - connectedAt) / 60_000).toFixed(1),
        done.visible.length,
        `${ms(pct(done.visible, 50))} / ${ms(pct(done.visible, 99))} / ${ms(pct(done.visible, 100))}`,
        done.notVisible,
        `${done.requests.length} / ${done.requestErrors.length} / ${ms(pct(done.requests, 99))}`,
        `${ackedSoFar()} / ${await stored()}`,
        mem.map(mb).join(' / '),
      ].join(' | '),
    );
    for (const e of done.requestErrors.slice(0, 3)) console.log(`  console error: ${e}`);
    if (at >= end) break;
  }

  // the end: the simulator stops (its messages in flight acknowledged), then the probes and the user
  running = false;
  sim.send('stop');
  const simResult = await simDone;
  clearInterval(probeTimer);
  await Promise.all([...probesInFlight]);
  await user;
  // probes that were still being looked for went into the interval after the last report
  intervals[intervals.length - 1]!.visible.push(...interval.visible);
  intervals[intervals.length - 1]!.notVisible += interval.notVisible;
  await Promise.all(probeClients.map((c) => c.endAsync()));

  // lost: per device, telemetry the broker acknowledged minus rows stored (waiting for the backlog)
  const acked = new Map<string, number>([...Object.entries(simResult.acked), ...probeAcked]);
  const totalAcked = [...acked.values()].reduce((a, b) => a + b, 0);
  let lost = 0;
  let storedTotal = 0;
  for (let idle = 0, last = -1; ;) {
    const { rows } = await client.query<{ sn: string; n: string }>(
      'select d.sn, count(*) as n from samples s join devices d on d.id = s.device_id where s.ts >= $1 group by d.sn',
      [soakStart - 60_000],
    );
    const byDevice = new Map(rows.map((r) => [r.sn, Number(r.n)]));
    storedTotal = rows.reduce((a, r) => a + Number(r.n), 0);
    lost = [...acked].reduce((sum, [sn, n]) => sum + Math.max(0, n - (byDevice.get(sn) ?? 0)), 0);
    if (!lost) break;
    idle = storedTotal === last ? idle + 1 : 0;
    last = storedTotal;
    if (idle >= 15) break;
    await sleep(1000);
  }

  // the archive: the seeded days dropped whole, nothing deleted row by row
  const { rows: cfg } = await client.query<{ last_filed_at: string | null; last_pruned: number | null }>(
    'select last_filed_at, last_pruned from archive_config where id = 1',
  );
  const { rows: left } = await client.query<{ name: string }>(
    `select relname as name from pg_class where relname = any($1::text[])`,
    [oldPartitions],
  );
  const { rows: oldRows } = await client.query<{ n: string }>('select count(*) as n from samples where ts < $1', [
    cutoff,
  ]);
  const { rows: deleted } = await client.query<{ n: string | null }>(
    `select sum(n_tup_del) as n from pg_stat_user_tables
     where relid in (select inhrelid from pg_inherits where inhparent = 'samples'::regclass)`,
  );

  const visible = intervals.flatMap((i) => i.visible);
  const worstP99 = Math.max(...intervals.map((i) => pct(i.visible, 99)).filter((v) => !Number.isNaN(v)));
  const notSeen = intervals.reduce((a, i) => a + i.notVisible, 0);
  const requests = intervals.flatMap((i) => i.requests);
  const requestErrors = intervals.reduce((a, i) => a + i.requestErrors.length, 0);
  console.log(`RSS at the start / after the first interval / at the end (MB):`);
  rssNames.forEach((n, i) =>
    console.log(`  ${n}: ${mb(rssStart[i]!)} / ${mb(rssAfterFirst[0]![i]!)} / ${mb(rssEnd[i]!)}`),
  );
  console.log(
    `publish→visible over the run: ${visible.length} probes, p50 ${ms(pct(visible, 50))} ms, p99 ${ms(pct(visible, 99))} ms, max ${ms(pct(visible, 100))} ms; worst interval p99 ${ms(worstP99)} ms; not seen within 20 s: ${notSeen}`,
  );
  console.log(
    `messages: ${totalAcked} telemetry messages acknowledged by the broker (simulator ${totalAcked - [...probeAcked.values()].reduce((a, b) => a + b, 0)}, probes ${[...probeAcked.values()].reduce((a, b) => a + b, 0)}), ${storedTotal} stored, lost ${lost}; simulator publish errors ${simResult.failed}`,
  );
  console.log(
    `console user: ${requests.length} requests, ${requestErrors} errors, p50 ${ms(pct(requests, 50))} ms, p99 ${ms(pct(requests, 99))} ms`,
  );
  console.log(
    `archive (${archiveByJob ? "the servers' archive-prune job" : `run by the bench at half time: the servers' job first ticks ${ARCHIVE_JOB_FIRST_MS / 60_000} min after their start`}): last run ${cfg[0]?.last_filed_at ? new Date(Number(cfg[0].last_filed_at)).toISOString() : 'never'}, ${cfg[0]?.last_pruned ?? 0} samples removed of ${seededOld} seeded in ${oldPartitions.join(', ')}; partitions left ${left.length}, samples before the cutoff left ${oldRows[0]!.n}, rows deleted from samples' partitions ${deleted[0]!.n ?? 0}`,
  );
  console.log(`load average at the end ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);

  goal(
    `publish→visible p99 ≤ ${P99_MS} ms in every interval, every probe seen`,
    visible.length > 0 && worstP99 <= P99_MS && notSeen === 0 && intervals.every((i) => i.visible.length > 0),
  );
  goal('0 acknowledged messages lost', lost === 0 && totalAcked > 0);
  goal(
    'old samples dropped by partition, none deleted',
    cfg[0]?.last_filed_at !== null &&
      left.length === 0 &&
      Number(oldRows[0]!.n) === 0 &&
      Number(deleted[0]!.n ?? 0) === 0 &&
      Number(cfg[0]?.last_pruned ?? 0) >= seededOld,
  );
  procs.forEach((p, i) => {
    if (p.flat)
      goal(
        `${p.name} RSS at the end ≤ ${RSS_GROWTH} × after the first interval`,
        rssEnd[i]! <= rssAfterFirst[0]![i]! * RSS_GROWTH,
      );
  });
  goal('every console request answered', requestErrors === 0 && requests.length > 0);
  for (const g of goals) console.log(`${g.ok ? 'ok    ' : 'MISSED'} ${g.what}`);
  if (archivedByBench === null && !archiveByJob) console.log('(the archive did not run)');
} finally {
  await runCleanup();
}
process.exit(goals.length && goals.every((g) => g.ok) ? 0 : 1);
