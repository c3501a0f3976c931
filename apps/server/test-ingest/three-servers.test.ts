import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, newDevice, type TestApp } from '../test/helper.js';
import { startOnFreePorts, stopServer } from '../test/server-process.js';
import { privateMosquitto, type PrivateService } from '../test/services.js';
import { deviceFleet } from './fleet.js';

// Three server processes on one PostgreSQL and one Mosquitto split the devices' stream; one of
// them, a process of its own, is killed with SIGKILL while the devices publish and is not started
// again. The two left adopt its sessions (their wills) and carry its share: every message
// Mosquitto acknowledged is stored, once.
const dir = mkdtempSync(join(tmpdir(), 'pv-three-'));
const SNS = Array.from({ length: 12 }, (_, i) => `TRIO${String(i).padStart(2, '0')}`);
let broker: PrivateService;
let a: TestApp | undefined;
let b: TestApp | undefined;
let child: ChildProcess | undefined;
let childPort = 0;

beforeAll(async () => {
  broker = await privateMosquitto();
  a = await buildTestApp({ MQTT_URL: broker.url, SIMULATOR_PLANTS: '1' });
  b = await buildTestApp({ MQTT_URL: broker.url, SIMULATOR_PLANTS: '1', DATABASE_URL: a.config.databaseUrl });
  const org = await a.app.db.selectFrom('orgs').select('id').where('code', '=', 'ROOT').executeTakeFirstOrThrow();
  await a.app.db
    .insertInto('devices')
    .values(SNS.map((sn) => newDevice({ sn, org_id: org.id })))
    .execute();
  const started = await startOnFreePorts(() => ({
    MQTT_URL: broker.url,
    DATABASE_URL: a!.config.databaseUrl,
    DATA_DIR: join(dir, 'third'),
  }));
  child = started.proc;
  childPort = started.port;
}, 90_000);
afterAll(async () => {
  if (child) await stopServer(child, 'SIGKILL');
  await b?.close();
  await a?.close();
  await broker?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

/** What the third process wrote, from its own metrics. */
async function thirdAccepted() {
  const text = await (await fetch(`http://127.0.0.1:${childPort}/photo_voltaic/metrics`)).text();
  return Number(/^pv_ingest_accepted_total (\d+)/m.exec(text)?.[1] ?? 0);
}

it('carries the share of a server killed with SIGKILL on the two left, losing no acknowledged message', async () => {
  const db = a!.app.db;
  const stored = async () =>
    Number(
      (
        await db
          .selectFrom('samples as s')
          .innerJoin('devices as d', 'd.id', 's.device_id')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('d.sn', 'like', 'TRIO%')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const t0 = Date.parse('2026-06-01T00:00:00Z');
  const fleet = await deviceFleet(broker.url, SNS, t0);
  // the three share the stream: each one has written some of it
  await expect.poll(thirdAccepted, { timeout: 30_000, interval: 100 }).toBeGreaterThan(50);
  await expect
    .poll(() => Math.min(a!.app.ingest.stats.accepted, b!.app.ingest.stats.accepted), { timeout: 30_000 })
    .toBeGreaterThan(50);
  await stopServer(child!, 'SIGKILL');
  child = undefined;
  const atKill = [a!.app.ingest.stats.accepted, b!.app.ingest.stats.accepted];
  // the devices go on; a third of what Mosquitto takes now is queued for the dead sessions until adopted
  await fleet.more(600);
  const acked = await fleet.stop();
  const total = [...acked.values()].reduce((x, y) => x + y, 0);
  await expect.poll(stored, { timeout: 45_000, interval: 100 }).toBe(total);
  // both survivors carried on, and it was by adoption (the dead sessions' wills)
  expect(a!.app.ingest.stats.accepted).toBeGreaterThan(atKill[0]!);
  expect(b!.app.ingest.stats.accepted).toBeGreaterThan(atKill[1]!);
  expect([...a!.logs, ...b!.logs].join('')).toMatch(/adopting the MQTT session/);
  const perDevice = await db
    .selectFrom('samples as s')
    .innerJoin('devices as d', 'd.id', 's.device_id')
    .select(['d.sn', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.max('s.ts').as('last')])
    .where('d.sn', 'like', 'TRIO%')
    .groupBy('d.sn')
    .orderBy('d.sn')
    .execute();
  expect(perDevice.map((r) => [r.sn, Number(r.n), Number(r.last)])).toEqual(
    SNS.map((sn) => [sn, acked.get(sn), t0 + (acked.get(sn)! - 1) * 1000]),
  );
}, 150_000);
