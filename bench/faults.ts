// The fault list with 1,000,000 faults over 100,000 devices (issue 18 goal: filtered by plant and
// state, paged, p99 <= 50 ms uncached). In-process through the real app (app.inject: access check,
// validation, SQL, serialisation), on a throw-away SQLite file (or BENCH_DATABASE_URL for PostgreSQL).
// Run: npm run faults -w @pv/bench   (prints p50 / p99; not a test)
// BENCH_FAULTS / BENCH_DEVICES / BENCH_REQUESTS change the sizes; BENCH_KEEP=1 keeps the database.
import { rmSync } from 'node:fs';
import { FAULT_PROCESSING, FAULT_SEVERITIES } from '@pv/contract';
import { sql } from 'kysely';
import { benchApp, seedBenchOrgs } from './support.js';

const FAULTS = Number(process.env.BENCH_FAULTS ?? 1_000_000);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const DEVICES_PER_PLANT = 10;
const PLANTS = Math.ceil(DEVICES / DEVICES_PER_PLANT);
const ORGS = 200;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const DAY = 86_400_000;
const CODES = ['F01', 'F02', 'F07', 'F08', 'F09', 'F12', 'F15', 'F23', 'F31', 'F40', 'F50', 'X999'];

const { dir, app, db } = await benchApp('faults');
const now = Date.now();

/** A deterministic spread (no Math.random: every run seeds the same fleet). */
const spread = (i: number, n: number) => ((i * 2_654_435_761) >>> 0) % n;

try {
  const t0 = performance.now();
  const orgIds = await seedBenchOrgs(db, ORGS, now);
  const zones = ['Asia/Shanghai', 'Europe/Madrid', 'America/New_York', 'Australia/Sydney'];
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < PLANTS; i += 500)
      await trx
        .insertInto('plants')
        .values(
          Array.from({ length: Math.min(500, PLANTS - i) }, (_, k) => ({
            org_id: orgIds[(i + k) % ORGS]!,
            name: `Bench plant ${i + k}`,
            capacity_wp: 50_000,
            time_zone: zones[(i + k) % zones.length]!,
            created_at: now,
          })),
        )
        .execute();
  });
  const plants = await db.selectFrom('plants').select(['id', 'org_id']).orderBy('id').execute();
  await db.transaction().execute(async (trx) => {
    let sn = 0;
    for (let i = 0; i < plants.length; i += 100)
      await trx
        .insertInto('devices')
        .values(
          plants.slice(i, i + 100).flatMap((p) =>
            Array.from({ length: DEVICES_PER_PLANT }, () => ({
              sn: `FB${String(sn++).padStart(7, '0')}`,
              name: `Bench inverter ${sn}`,
              type: 'inverter' as const,
              org_id: p.org_id,
              plant_id: p.id,
              comm_mode: 'mqtt',
              online_state: 'online' as const,
              run_state: 'run' as const,
              created_at: now,
            })),
          ),
        )
        .execute();
  });
  const devices = await db.selectFrom('devices').select(['id', 'plant_id', 'org_id']).orderBy('id').execute();
  // 1,000,000 faults over the last year: a tenth still being worked on, spread over the processing states
  await db.transaction().execute(async (trx) => {
    const chunk = 1000;
    for (let i = 0; i < FAULTS; i += chunk) {
      const rows = Array.from({ length: Math.min(chunk, FAULTS - i) }, (_, k) => {
        const n = i + k;
        const d = devices[spread(n, devices.length)]!;
        const openedAt = now - spread(n + 17, 365 * DAY);
        const open = n % 10 === 0;
        const processing = open ? FAULT_PROCESSING[spread(n, 3)]! : 'fixed';
        const fixedAt = open ? null : Math.min(now, openedAt + spread(n, 3 * DAY));
        return {
          device_id: d.id,
          code: CODES[n % CODES.length]!,
          message: n % CODES.length === CODES.length - 1 ? 'Vendor specific fault' : null,
          state: open ? ('unrepaired' as const) : ('fixed' as const),
          processing,
          severity: FAULT_SEVERITIES[spread(n, 4)]!,
          opened_at: openedAt,
          fixed_at: fixedAt,
          occurrences: 1 + (n % 3),
          last_seen_at: openedAt,
          plant_id: d.plant_id,
          org_id: d.org_id,
          handled_at: fixedAt,
        };
      });
      await trx.insertInto('faults').values(rows).execute();
    }
  });
  // the planners' statistics and (PostgreSQL) the visibility map, as autovacuum would have them
  // after a bulk load: index-only scans count without visiting the table
  await sql.raw(app.dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(db);
  console.log(
    `PV Console fault list benchmark: ${app.dialect}, ${FAULTS} faults over ${devices.length} devices in ${plants.length} plants, ${ORGS} organisations; set up in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // the agent (its role holds the fault list) is a scoped user: the SunPath half of the organisations
  const token = async (username: string) =>
    (
      await app.inject({ method: 'POST', url: '/photo_voltaic/login', payload: { username, password: 'demo123456' } })
    ).json().data.token as string;
  const admin = await token('admin');
  const agent = await token('agent');

  const cases: { title: string; url: (i: number) => string; token: string }[] = [
    {
      title: 'GET /faults?plantId&state=unrepaired, page 1',
      url: (i) => `/faults?plantId=${plants[spread(i, plants.length)]!.id}&state=unrepaired&pageSize=20`,
      token: admin,
    },
    {
      title: 'GET /faults?plantId&state=fixed, page 3',
      url: (i) => `/faults?plantId=${plants[spread(i, plants.length)]!.id}&state=fixed&pageSize=20&pageNum=3`,
      token: admin,
    },
    {
      title: '  the same, as the agent (organisation scope)',
      url: (i) => `/faults?plantId=${plants[spread(i, plants.length)]!.id}&state=fixed&pageSize=20&pageNum=3`,
      token: agent,
    },
    {
      title: 'GET /faults/counts?plantId',
      url: (i) => `/faults/counts?plantId=${plants[spread(i, plants.length)]!.id}`,
      token: admin,
    },
    {
      title: 'GET /faults?state=unrepaired (whole fleet), page 1',
      url: () => `/faults?state=unrepaired&pageSize=20`,
      token: admin,
    },
    {
      title: 'GET /faults?processing=open&sort=severity, as the agent',
      url: () => `/faults?processing=open&sortField=severity&sortOrder=descend&pageSize=20`,
      token: agent,
    },
  ];
  for (const c of cases) {
    const n = c.title.includes('whole fleet') || c.title.includes('sort=severity') ? Math.min(REQUESTS, 50) : REQUESTS;
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < n + 20; i++) {
      const t = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: `/photo_voltaic${c.url(i)}`,
        headers: { 'x-token': c.token },
      });
      const ms = performance.now() - t;
      if (res.statusCode !== 200) throw new Error(`${c.title}: ${res.statusCode} ${res.body}`);
      if (i >= 20) times.push(ms); // the first 20: warm-up
      const data = res.json().data as { rows?: unknown[] };
      rows += data.rows?.length ?? 0;
    }
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    console.log(
      `${c.title.padEnd(52)} p50 ${p(0.5).padStart(6)} ms   p99 ${p(0.99).padStart(6)} ms   (${n} sequential requests, ${(rows / (n + 20)).toFixed(1)} rows each)`,
    );
  }
} finally {
  await app.close();
  // BENCH_KEEP=1 keeps the database (to look at query plans), and says where
  if (process.env.BENCH_KEEP) console.log(`kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
