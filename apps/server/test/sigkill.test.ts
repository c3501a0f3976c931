import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import SQLite from 'better-sqlite3';
import mqtt from 'mqtt';
import { afterAll, expect, it } from 'vitest';
import { topics } from '@pv/contract';
import { hashDeviceKey } from '../src/ingest/index.js';
import { startOnFreePorts, stopServer } from './server-process.js';

const dir = mkdtempSync(join(tmpdir(), 'pv-kill-'));
let child: ChildProcess | undefined;
afterAll(async () => {
  if (child) await stopServer(child, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

it('loses no acknowledged message when the server is killed with SIGKILL', async () => {
  // first start creates the database; then a device with a known key is added
  const env = (_port: number, mqttPort: number) => ({ MQTT_PORT: String(mqttPort), DATA_DIR: dir });
  child = (await startOnFreePorts(env)).proc;
  await stopServer(child, 'SIGTERM');
  const file = new SQLite(join(dir, 'pv.sqlite'));
  const plant = file.prepare('select id, org_id from plants limit 1').get() as { id: number; org_id: number };
  file
    .prepare(
      "insert into devices (sn, name, type, org_id, plant_id, secret_hash, comm_mode, online_state, run_state, created_at) values ('KILL01', 'kill test', 'inverter', ?, ?, ?, 'mqtt', 'inactive', 'normal', ?)",
    )
    .run(plant.org_id, plant.id, hashDeviceKey('kill-key'), Date.now());
  file.close();

  const started = await startOnFreePorts(env);
  child = started.proc;
  const mqttPort = started.mqttPort;
  const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
    username: 'KILL01',
    password: 'kill-key',
    clientId: 'KILL01',
    reconnectPeriod: 0,
  });
  device.on('error', () => {});
  let acked = 0;
  const t0 = Date.parse('2026-01-01T00:00:00Z');
  const sending = (async () => {
    for (let i = 0; i < 100_000; i++) {
      try {
        await device.publishAsync(
          topics.telemetry('KILL01'),
          JSON.stringify({ ts: t0 + i * 1000, points: { acPower: i } }),
          { qos: 1 },
        );
        acked = i + 1;
      } catch {
        return;
      }
    }
  })();
  // mid-stream
  await expect.poll(() => acked, { timeout: 30_000, interval: 20 }).toBeGreaterThan(200);
  await stopServer(child, 'SIGKILL');
  await Promise.race([sending, new Promise((r) => setTimeout(r, 3000))]);
  device.end(true);

  const db = new SQLite(join(dir, 'pv.sqlite'), { readonly: true });
  const stored = db
    .prepare("select count(*) as n from samples s join devices d on d.id = s.device_id where d.sn = 'KILL01'")
    .get() as { n: number };
  db.close();
  // every message the broker acknowledged is in the database (a last unacknowledged one may be too)
  expect(stored.n).toBeGreaterThanOrEqual(acked);
}, 60_000);
