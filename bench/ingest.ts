// Ingest throughput of the real server: N devices publish QoS 1 telemetry to the embedded broker
// (SQLite), or through an external broker (MQTT_URL) into PostgreSQL (DATABASE_URL). Prints
// sustained msgs/s, publish-to-committed latency percentiles (the PUBACK comes after the commit)
// and the loss count. Run: npm run ingest -w @pv/bench -- --devices 1000 --messages 20
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';

const { values } = parseArgs({ options: { devices: { type: 'string', default: '1000' }, messages: { type: 'string', default: '20' }, inflight: { type: 'string', default: '5' } } });
const INFLIGHT = Number(values.inflight);
const DEVICES = Number(values.devices);
const PER_DEVICE = Number(values.messages);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const databaseUrl = process.env.DATABASE_URL;
const externalBroker = process.env.MQTT_URL;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

const [port, mqttPort] = [await freePort(), await freePort()];
const dir = mkdtempSync(join(tmpdir(), 'pv-bench-ingest-'));
const server = spawn(process.execPath, [...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_PROFILE] : []), '--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
  env: { ...process.env, PORT: String(port), MQTT_PORT: String(mqttPort), DATA_DIR: dir, DEMO: 'true', SIMULATOR: 'false', SIMULATOR_PLANTS: '1', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  for (let i = 0; ; i++) {
    if (i > 240) throw new Error('server did not start');
    if (await fetch(`http://127.0.0.1:${port}/photo_voltaic/health`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const key = 'bench-key';
  const hash = createHash('sha256').update(key).digest('hex');
  const sns = Array.from({ length: DEVICES }, (_, i) => `BENCH${String(i).padStart(6, '0')}`);
  const now = Date.now();
  let count: () => Promise<number>;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query('select id from orgs order by id limit 1');
    for (let i = 0; i < sns.length; i += 1000) {
      const chunk = sns.slice(i, i + 1000);
      await client.query(`insert into devices (sn, name, type, org_id, secret_hash, comm_mode, online_state, run_state, created_at) select s, s, 'inverter', $1, $2, 'mqtt', 'inactive', 'normal', $3 from unnest($4::text[]) s`, [rows[0].id, hash, now, chunk]);
    }
    count = async () => Number((await client.query(`select count(*) n from samples s join devices d on d.id = s.device_id where d.sn like 'BENCH%'`)).rows[0].n);
  } else {
    const db = new SQLite(join(dir, 'pv.sqlite'));
    db.pragma('busy_timeout = 10000');
    const org = db.prepare('select id from orgs order by id limit 1').get() as { id: number };
    const insert = db.prepare("insert into devices (sn, name, type, org_id, secret_hash, comm_mode, online_state, run_state, created_at) values (?, ?, 'inverter', ?, ?, 'mqtt', 'inactive', 'normal', ?)");
    db.transaction(() => sns.forEach((sn) => insert.run(sn, sn, org.id, hash, now)))();
    count = async () => (db.prepare("select count(*) n from samples s join devices d on d.id = s.device_id where d.sn like 'BENCH%'").get() as { n: number }).n;
  }

  const brokerUrl = externalBroker ?? `mqtt://127.0.0.1:${mqttPort}`;
  const clients: MqttClient[] = [];
  for (let i = 0; i < sns.length; i += 100) {
    clients.push(...(await Promise.all(sns.slice(i, i + 100).map((sn) => mqtt.connectAsync(brokerUrl, { clientId: sn, username: sn, password: key, reconnectPeriod: 0 })))));
  }
  const latencies: number[] = [];
  const t0 = Date.parse('2026-01-01T00:00:00Z');
  const started = performance.now();
  await Promise.all(
    clients.map(async (c, d) => {
      // up to INFLIGHT unacknowledged messages per device (a device with a backlog to send)
      let next = 0;
      const lane = async () => {
        while (next < PER_DEVICE) {
          const k = next++;
          const sent = performance.now();
          await c.publishAsync(`pv/${sns[d]}/up/telemetry`, JSON.stringify({ ts: t0 + k * 60_000, points: { acPower: 1000 + k, energyTotal: 100 + k * 0.02, gridVoltage: 230 } }), { qos: 1 });
          latencies.push(performance.now() - sent);
        }
      };
      await Promise.all(Array.from({ length: INFLIGHT }, lane));
    }),
  );
  const acked = performance.now() - started;
  const total = DEVICES * PER_DEVICE;
  let stored = await count();
  for (let i = 0; i < 200 && stored < total; i++) {
    await new Promise((r) => setTimeout(r, 250));
    stored = await count();
  }
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
  console.log(`PV Console ingest benchmark: ${databaseUrl ? 'PostgreSQL' : 'SQLite'}, ${externalBroker ? 'external broker' : 'embedded broker'}, Node ${process.version}`);
  console.log(`${DEVICES} devices × ${PER_DEVICE} messages = ${total} QoS 1 messages, up to ${INFLIGHT} unacknowledged per device`);
  console.log(`sustained ${Math.round(total / (acked / 1000))} msgs/s   publish→committed p50 ${pct(50)} ms   p99 ${pct(99)} ms   lost ${total - stored}`);
  await Promise.all(clients.map((c) => c.endAsync()));
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
