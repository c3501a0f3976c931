import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import mqtt from 'mqtt';
import { afterAll, expect, it } from 'vitest';
import { topics } from '@pv/contract';
import { hashDeviceKey } from '../src/ingest/broker.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = mkdtempSync(join(tmpdir(), 'pv-kill-'));
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

async function startServer(port: number, mqttPort: number) {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), MQTT_PORT: String(mqttPort), DATA_DIR: dir, DEMO: 'true', SIMULATOR: 'false', SIMULATOR_PLANTS: '1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (let i = 0; i < 120; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/photo_voltaic/health`).then((r) => r.ok, () => false);
    if (up) return proc;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

it('loses no acknowledged message when the server is killed with SIGKILL', async () => {
  const [port, mqttPort] = [await freePort(), await freePort()];
  // first start creates the database; then a device with a known key is added
  child = await startServer(port, mqttPort);
  child.kill('SIGTERM');
  await new Promise((r) => child!.once('exit', r));
  const file = new SQLite(join(dir, 'pv.sqlite'));
  const plant = file.prepare('select id, org_id from plants limit 1').get() as { id: number; org_id: number };
  file
    .prepare("insert into devices (sn, name, type, org_id, plant_id, secret_hash, comm_mode, online_state, run_state, created_at) values ('KILL01', 'kill test', 'inverter', ?, ?, ?, 'mqtt', 'inactive', 'normal', ?)")
    .run(plant.org_id, plant.id, hashDeviceKey('kill-key'), Date.now());
  file.close();

  child = await startServer(port, mqttPort);
  const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, { username: 'KILL01', password: 'kill-key', clientId: 'KILL01', reconnectPeriod: 0 });
  device.on('error', () => {});
  let acked = 0;
  const t0 = Date.parse('2026-01-01T00:00:00Z');
  const sending = (async () => {
    for (let i = 0; i < 100_000; i++) {
      try {
        await device.publishAsync(topics.telemetry('KILL01'), JSON.stringify({ ts: t0 + i * 1000, points: { acPower: i } }), { qos: 1 });
        acked = i + 1;
      } catch {
        return;
      }
    }
  })();
  await new Promise((r) => setTimeout(r, 1500));
  child.kill('SIGKILL');
  await new Promise((r) => child!.once('exit', r));
  await Promise.race([sending, new Promise((r) => setTimeout(r, 3000))]);
  device.end(true);

  expect(acked).toBeGreaterThan(20);
  const db = new SQLite(join(dir, 'pv.sqlite'), { readonly: true });
  const stored = db.prepare("select count(*) as n from samples s join devices d on d.id = s.device_id where d.sn = 'KILL01'").get() as { n: number };
  db.close();
  // every message the broker acknowledged is in the database (a last unacknowledged one may be too)
  expect(stored.n).toBeGreaterThanOrEqual(acked);
}, 60_000);
