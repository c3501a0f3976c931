import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { topics } from '@pv/contract';
import mqtt from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../test/helper.js';
import { startOnFreePorts, stopServer } from '../test/server-process.js';

// The server as its own process on Mosquitto and PostgreSQL, killed with SIGKILL mid-stream.
const url = process.env.INGEST_MQTT_URL;
if (!url) throw new Error('INGEST_MQTT_URL is not set: run this suite with `npm run test:ingest`');

const SN = 'KILLMQ01';
const dir = mkdtempSync(join(tmpdir(), 'pv-kill-mq-'));
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: pg.Client;
let child: ChildProcess | undefined;

beforeAll(async () => {
  database = await createTestDatabase(dir);
  db = new pg.Client({ connectionString: database.databaseUrl });
});
afterAll(async () => {
  if (child) {
    // the test failed before the server stopped cleanly: its sessions, still subscribed, would take
    // a share of the next test files' messages; a clean start with their names discards them
    await stopServer(child, 'SIGKILL');
    const id = readFileSync(join(dir, 'mqtt-client-id'), 'utf8').trim();
    for (const n of [0, 1])
      await (
        await mqtt.connectAsync(url, { clientId: `${id}-${n}`, clean: true, protocolVersion: 5, reconnectPeriod: 0 })
      ).endAsync();
  }
  await db?.end().catch(() => undefined);
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const count = async (q: string) => Number((await db.query(q, [SN])).rows[0].n);
const stored = () => count('select count(*) as n from samples s join devices d on d.id = s.device_id where d.sn = $1');

it('stores every message Mosquitto acknowledged exactly once when the server is killed with SIGKILL mid-stream', async () => {
  const env = { MQTT_URL: url, DATABASE_URL: database.databaseUrl, DATA_DIR: dir };
  child = (await startOnFreePorts(() => env)).proc;
  await db.connect();
  const plant = (await db.query('select id, org_id from plants order by id limit 1')).rows[0] as {
    id: number;
    org_id: number;
  };
  await db.query(
    "insert into devices (sn, name, type, org_id, plant_id, comm_mode, online_state, run_state, created_at) values ($1, 'kill test', 'inverter', $2, $3, 'mqtt', 'inactive', 'normal', $4)",
    [SN, plant.org_id, plant.id, Date.now()],
  );

  // a device with a persistent session publishes QoS 1 telemetry one message after the other; a
  // message counts as acknowledged when Mosquitto's PUBACK arrives
  const device = await mqtt.connectAsync(url, {
    clientId: SN,
    clean: false,
    protocolVersion: 5,
    properties: { sessionExpiryInterval: 600 },
    reconnectPeriod: 0,
  });
  const t0 = Date.parse('2026-01-01T00:00:00Z');
  let acked = 0;
  let stopAfter = Infinity;
  const sending = (async () => {
    for (let i = 0; i < stopAfter; i++) {
      await device.publishAsync(
        topics.telemetry(SN),
        JSON.stringify({ ts: t0 + i * 1000, points: { acPower: i % 5000, energyTotal: i / 100 } }),
        { qos: 1 },
      );
      acked = i + 1;
    }
  })();

  // mid-stream: the server has stored some of it and the device is still sending
  await expect.poll(stored, { timeout: 30_000, interval: 20 }).toBeGreaterThan(300);
  await stopServer(child, 'SIGKILL');
  const atKill = acked;
  // the device goes on while no server is there: Mosquitto keeps what it acknowledges for the server's session
  stopAfter = acked + 500;
  await sending;
  await device.endAsync();
  expect(acked).toBe(atKill + 500);

  child = (await startOnFreePorts(() => env)).proc;
  await expect.poll(stored, { timeout: 60_000, interval: 250 }).toBe(acked);
  // exactly the messages sent, each once (samples are unique per device and time), and each
  // counted once in the 5-minute rollups
  const span = (
    await db.query(
      'select min(s.ts) as lo, max(s.ts) as hi from samples s join devices d on d.id = s.device_id where d.sn = $1',
      [SN],
    )
  ).rows[0];
  expect([Number(span.lo), Number(span.hi)]).toEqual([t0, t0 + (acked - 1) * 1000]);
  expect(
    await count(
      'select coalesce(sum(r.n), 0) as n from device_rollup_5m r join devices d on d.id = r.device_id where d.sn = $1',
    ),
  ).toBe(acked);
  // a clean stop leaves no subscribed session behind (the next test files share this Mosquitto)
  await stopServer(child, 'SIGTERM');
  child = undefined;
}, 150_000);
