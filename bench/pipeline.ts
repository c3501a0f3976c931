// The ingest pipeline alone on SQLite, without a broker or sockets: the server's own cost per
// telemetry message (parse, validate, batch, samples, device state, 5-minute rollups, energy),
// in CPU microseconds, with the batches as the broker run makes them (1,000 messages).
// What `npm run ingest` measures adds the MQTT side (aedes, sockets, PUBACKs) to this.
// Run: npm run pipeline -w @pv/bench -- --devices 10000 --messages 20
//      (--thread: through IngestThread, the pipeline on its own thread as the server runs it on a
//      SQLite file; the CPU figure is then both threads')
//      (--cpu-prof: node --cpu-prof … writes a profile of the whole run)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { closeDb, createDb, sqliteHandle } from '../apps/server/src/db/dialect.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { MODULES } from '../apps/server/src/modules/index.js';
import { seedCore, seedDemo } from '../apps/server/src/db/seed/seed.js';
import { IngestThread } from '../apps/server/src/ingest/ingest-thread.js';
import { IngestPipeline, type Ingest } from '../apps/server/src/ingest/pipeline.js';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '10000' },
    messages: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '3' },
    thread: { type: 'boolean', default: false },
  },
});
const DEVICES = Number(values.devices);
const PER_DEVICE = Number(values.messages);
const dir = mkdtempSync(join(tmpdir(), 'pv-bench-pipeline-'));
try {
  const { db } = createDb(`sqlite:${join(dir, 'pv.sqlite')}`);
  await migrateToLatest(db, MODULES);
  await seedCore(db);
  await seedDemo(db);
  const handle = sqliteHandle(db)!;
  const org = handle.prepare('select id from orgs order by id limit 1').get() as { id: number };
  const insert = handle.prepare(
    "insert into devices (sn, name, type, org_id, secret_hash, comm_mode, online_state, run_state, created_at) values (?, ?, 'inverter', ?, 'x', 'mqtt', 'inactive', 'normal', ?)",
  );
  const sns = Array.from({ length: DEVICES }, (_, i) => `PIPE${String(i).padStart(6, '0')}`);
  handle.transaction(() => sns.forEach((sn) => insert.run(sn, sn, org.id, Date.now())))();
  const log = {
    warn: console.warn,
    error: console.error,
    info() {},
    debug() {},
    trace() {},
    fatal: console.error,
    child: () => log,
  } as unknown as FastifyBaseLogger;
  const url = `sqlite:${join(dir, 'pv.sqlite')}`;
  const pipeline: Ingest = values.thread ? new IngestThread(url, log) : new IngestPipeline(db, log, {}, 'sqlite');
  const t0 = Date.parse('2026-01-01T00:00:00Z');
  let k = 0;
  const payload = (n: number) =>
    Buffer.from(
      JSON.stringify({
        ts: t0 + n * 60_000,
        points: { acPower: 1000 + n, energyTotal: 100 + n * 0.02, gridVoltage: 230, sentAt: Date.now() },
      }),
    );
  console.log(
    `PV Console ingest pipeline (SQLite, no broker${values.thread ? ', on its own thread' : ''}): ${DEVICES} devices × ${PER_DEVICE} messages per round, Node ${process.version}`,
  );
  for (let round = 0; round < Number(values.rounds); round++) {
    const cpu = process.cpuUsage();
    const elu = performance.eventLoopUtilization();
    const start = performance.now();
    let sent = 0;
    for (let m = 0; m < PER_DEVICE; m++, k++) {
      // a minute of the fleet at a time, as devices report: every device once, then again
      const pending: Promise<void>[] = [];
      for (const sn of sns) pending.push(pipeline.submit(sn, 'telemetry', payload(k)));
      await Promise.all(pending);
      sent += sns.length;
    }
    const used = process.cpuUsage(cpu);
    const busy = performance.eventLoopUtilization(elu).active;
    const ms = performance.now() - start;
    console.log(
      `round ${round + 1}: ${sent} messages in ${Math.round(ms)} ms = ${Math.round(sent / (ms / 1000))} msgs/s; CPU ${((used.user + used.system) / sent).toFixed(1)} µs/message with making the payloads (main thread busy ${((busy * 1000) / sent).toFixed(1)}); ${pipeline.stats.batches} batches so far`,
    );
  }
  await pipeline.close();
  await closeDb(db);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
