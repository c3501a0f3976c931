/**
 * The OpenAPI fuzzer (issue 23). Builds the real server on a throw-away database (SQLite, or
 * PostgreSQL with TEST_DATABASE_URL), reads its OpenAPI document and, for FUZZ_SECONDS, sends
 * every operation requests generated from the document's JSON schemas (fast-check): valid ones
 * and ones broken on purpose (a wrong type, a value out of range, a required field missing, an
 * unknown enum, hostile strings, a body that is not JSON or multipart), as admin, agent and viewer.
 *
 * A case fails on:
 *   - any 5xx;
 *   - a status the operation does not document, or an answer that breaks its documented schema;
 *   - a write answered 2xx to a user without the route's permission (the viewer's, above all);
 *   - any row changed by a rejected request (a database diff before and after each 4xx).
 * Also counted, not failed: schema-valid requests the server refused with 400 (the document
 * should say what the server accepts).
 *
 *   npm run fuzz                      # long run (FUZZ_SECONDS, default 1200)
 *   FUZZ_SECONDS=150 npm run fuzz     # the bounded CI run (.ci/run)
 *   FUZZ_SEED=42 FUZZ_OPS=devices npm run fuzz   # replay, only operations whose path has "devices"
 */
import { createHash } from 'node:crypto';
import { Ajv, type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { sql } from 'kysely';
import { hashPassword } from '../src/lib/passwords.js';
import { JOB_PERIODS } from '../src/app.js';
import { buildTestApp, DEMO, login } from '../test/helper.js';
import { invalid, toAjv, valid, type Schema } from './arbitraries.js';

const SECONDS = Number(process.env.FUZZ_SECONDS ?? 1200);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const ONLY = process.env.FUZZ_OPS;
/** The share of the run given to stateful sequences (the rest: every operation in turn). */
const SEQUENCE_SHARE = Number(process.env.FUZZ_SEQUENCE_SHARE ?? 0.35);
const API = '/photo_voltaic';
const ROLES = ['admin', 'agent', 'viewer'] as const;
type Role = (typeof ROLES)[number];
/** Fuzz requests come from outside (the harness's own sign-ins from 127.0.0.1 are never throttled by them). */
const FUZZ_ADDRESS = '203.0.113.77';
/**
 * Tables that change while a refused request runs without it being the cause: its audit line, the
 * sign-in throttle, session activity, job bookkeeping, and what background work does after an
 * earlier, accepted request (figures the stats, dashboard and revenue jobs refresh, mail the mail job
 * sends, notifications of faults). A CI run failed on `agent POST /plants → 400 changed plant_stats`:
 * the refresh of a plant created by the request before it.
 */
const MAY_CHANGE =
  /^(audit_logs|login_failures|sessions|kysely_.*|job_.*|jobs|.*_leases?|client_errors|plant_stats|org_snapshot|org_daily_energy|plant_revenue_daily|revenue_recomputes|mail_outbox|notifications)$/;

interface Operation {
  method: string;
  path: string;
  access: unknown;
  params: { name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: Schema }[];
  body?: { type: string; schema: Schema; required: boolean };
  responses: Map<number, ValidateFunction | undefined>;
}

interface Figures {
  cases: number;
  byRole: Record<Role, number>;
  statuses: Record<number, number>;
  serverErrors: string[];
  undocumented: string[];
  schemaBreaks: string[];
  forbiddenWrites: string[];
  rejectedChanges: string[];
  validRefused: Map<string, number>;
  /** one refused schema-valid request per operation, with the server's message */
  validRefusedExample: Map<string, string>;
}

const t = await buildTestApp(
  {},
  { jobPeriods: Object.fromEntries(Object.keys(JOB_PERIODS).map((k) => [k, 7 * 86_400_000])) },
);
const app = t.app;
const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
const doc = (await app.inject({ method: 'GET', url: '/photo_voltaic/docs/json' })).json() as {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Operation['params'];
        requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
        responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
      }
    >
  >;
};

const accessOf = new Map(app.apiRoutes.map((r) => [`${r.method} ${r.path}`, r.access]));
const operations: Operation[] = [];
for (const [path, item] of Object.entries(doc.paths)) {
  for (const [m, op] of Object.entries(item)) {
    const method = m.toUpperCase();
    // the event stream never ends; the metrics and docs are not API operations
    if (path.endsWith('/events') || path.endsWith('/metrics')) continue;
    if (ONLY && !path.includes(ONLY)) continue;
    const content = op.requestBody?.content ?? {};
    const type = Object.keys(content)[0];
    const responses = new Map<number, ValidateFunction | undefined>();
    for (const [status, r] of Object.entries(op.responses)) {
      const schema = r.content?.['application/json']?.schema;
      responses.set(Number(status), schema ? ajv.compile(toAjv(schema) as object) : undefined);
    }
    operations.push({
      method,
      path,
      access: accessOf.get(`${method} ${path}`),
      params: op.parameters ?? [],
      ...(type && { body: { type, schema: content[type]!.schema, required: !!op.requestBody?.required } }),
      responses,
    });
  }
}

// the fuzz users, their roles and organisation are not the fuzzer's to delete or disable (it
// would only lose its own sessions); everything else is fair game
const actors = await app.db
  .selectFrom('users')
  .select(['id', 'login_name', 'org_id'])
  .where('login_name', 'in', [...ROLES])
  .execute();
const actorIds = new Set(actors.map((a) => a.id));
const actorRoleIds = new Set(
  (
    await app.db
      .selectFrom('user_roles')
      .select('role_id')
      .where('user_id', 'in', [...actorIds])
      .execute()
  ).map((r) => r.role_id),
);
const protectedId = (path: string, value: unknown) =>
  (/\/users\/\{id\}/.test(path) && actorIds.has(Number(value))) ||
  (/\/roles\/\{id\}/.test(path) && actorRoleIds.has(Number(value)));

const tokens = {} as Record<Role, string>;
async function signIn(role: Role) {
  const user = actors.find((a) => a.login_name === role)!;
  // the fuzzer may have reset a password or disabled a user it shares a role with: put it back
  await app.db
    .updateTable('users')
    .set({ state: 'enabled', password_hash: await hashPassword(DEMO) })
    .where('id', '=', user.id)
    .execute();
  await app.db.deleteFrom('login_failures').where('login_name', '=', role).execute();
  tokens[role] = await login(app, role);
}
for (const role of ROLES) await signIn(role);

/** Every table's rows, hashed (the database diff of a refused request). */
async function snapshot(): Promise<Map<string, string>> {
  const tables = (await app.db.introspection.getTables()).map((x) => x.name).filter((n) => !MAY_CHANGE.test(n));
  const out = new Map<string, string>();
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(app.db);
    const lines = rows.map((r) => JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).sort();
    out.set(table, createHash('sha1').update(lines.join('\n')).digest('hex'));
  }
  return out;
}

interface Case {
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** every part of it valid by the document */
  valid: boolean;
  /** a path parameter broken: the router, not the operation, may answer (404, 405) */
  pathBroken: boolean;
}

const encode = (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

/**
 * The requests of an operation, valid or broken on purpose; `fixed` path parameters (a sequence's
 * record and the ids earlier answers gave) are always sent as given.
 */
function caseOf(op: Operation, fixed: Record<string, unknown> = {}): fc.Arbitrary<Case> {
  const broken = fc.boolean();
  return broken.chain((breakIt) => {
    const parts: fc.Arbitrary<[string, string, unknown, boolean]>[] = op.params.map((p) => {
      if (p.in === 'path' && p.name in fixed)
        return fc.constant<[string, string, unknown, boolean]>([p.in, p.name, fixed[p.name], true]);
      const good = valid(p.schema, p.name).filter((v) => !(p.in === 'path' && protectedId(op.path, v)));
      const present = p.required || p.in === 'path' ? fc.constant(true) : fc.boolean();
      return present.chain((isThere) =>
        !isThere
          ? fc.constant<[string, string, unknown, boolean]>([p.in, p.name, undefined, true])
          : breakIt
            ? fc.oneof(
                good.map((v): [string, string, unknown, boolean] => [p.in, p.name, v, true]),
                invalid(p.schema, p.name).map((v): [string, string, unknown, boolean] => [p.in, p.name, v, false]),
              )
            : good.map((v): [string, string, unknown, boolean] => [p.in, p.name, v, true]),
      );
    });
    const body: fc.Arbitrary<[unknown, boolean, string | undefined]> = !op.body
      ? fc.constant([undefined, true, undefined])
      : op.body.type !== 'application/json'
        ? // multipart uploads: the fuzzer sends what a careless client would
          fc.constantFrom<[unknown, boolean, string | undefined]>(
            [{ file: 'x' }, false, 'application/json'],
            ['plain text', false, 'text/plain'],
            [
              '--x\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\nabc\r\n--x--\r\n',
              false,
              'multipart/form-data; boundary=x',
            ],
          )
        : breakIt
          ? fc.oneof(
              valid(op.body.schema).map((v): [unknown, boolean, string | undefined] => [v, true, 'application/json']),
              invalid(op.body.schema).map((v): [unknown, boolean, string | undefined] => [
                v,
                false,
                'application/json',
              ]),
              fc.constantFrom<[unknown, boolean, string | undefined]>(
                ['{"broken":', false, 'application/json'],
                ['a=1', false, 'application/x-www-form-urlencoded'],
              ),
            )
          : valid(op.body.schema).map((v): [unknown, boolean, string | undefined] => [v, true, 'application/json']);
    return fc.tuple(fc.tuple(...parts), body).map(([ps, [b, bodyValid, type]]) => {
      let path = op.path;
      const query = new URLSearchParams();
      const headers: Record<string, string> = {};
      let ok = bodyValid;
      let pathBroken = false;
      for (const [where, name, v, good] of ps) {
        ok &&= good;
        if (where === 'path' && !good) pathBroken = true;
        if (v === undefined) continue;
        if (where === 'path') path = path.replace(`{${name}}`, encodeURIComponent(encode(v)));
        else if (where === 'query') query.set(name, encode(v));
        else headers[name] = encode(v).replace(/[^\x20-\x7e]/g, '');
      }
      const qs = query.toString();
      if (type) headers['content-type'] = type;
      return {
        url: qs ? `${path}?${qs}` : path,
        headers,
        ...(b !== undefined && { payload: typeof b === 'string' ? b : JSON.stringify(b) }),
        valid: ok,
        pathBroken,
      };
    });
  });
}

const figures: Figures = {
  cases: 0,
  byRole: { admin: 0, agent: 0, viewer: 0 },
  statuses: {},
  serverErrors: [],
  undocumented: [],
  schemaBreaks: [],
  forbiddenWrites: [],
  rejectedChanges: [],
  validRefused: new Map(),
  validRefusedExample: new Map(),
};
const covered = new Set<string>();
const note = (list: string[], line: string) => {
  if (list.length < 200) list.push(line);
};

// What answers told: ids by the concrete path they live under (sequences pick their path
// parameters and their records' foreign ids from it).
const pathOf = (url: string) => url.split('?')[0]!;
/** concrete collection path (`/photo_voltaic/plants/57/grants`) → ids its answers named */
const pool = new Map<string, number[]>();
function remember(path: string, ids: unknown[]) {
  const list = pool.get(path) ?? [];
  for (const id of ids) if (typeof id === 'number' && !list.includes(id)) list.push(id);
  pool.set(path, list.slice(-20));
}
function learn(method: string, url: string, body: unknown) {
  const data = (body as { data?: unknown } | null)?.data;
  const path = pathOf(url);
  const idOf = (v: unknown) => (v && typeof v === 'object' ? (v as { id?: unknown }).id : undefined);
  if (method === 'POST' && idOf(data) !== undefined) remember(path, [idOf(data)]);
  if (method === 'GET') {
    const rows = Array.isArray(data) ? data : (data as { rows?: unknown } | null)?.rows;
    if (Array.isArray(rows)) remember(path, rows.map(idOf));
  }
}
/** The figures of the stateful sequences (create a record, then work on it and what hangs on it). */
const sequenceFigures = { sequences: 0, created: 0, createRefused: 0, steps: 0, reached: new Set<string>() };

/**
 * One request as `role`, through every oracle: no 5xx, a documented status and answer, no write
 * without the route's permission, no row changed by a refused write. Answers the response (or
 * undefined when it broke off).
 */
async function run(op: Operation, role: Role, c: Case) {
  const name = `${op.method} ${op.path}`;
  const write = op.method !== 'GET';
  const before = write ? await snapshot() : undefined;
  // the permission as the request found it (deleting a menu resource may take its code away)
  const access = op.access as { perm?: string } | string | undefined;
  const perm = write && typeof access === 'object' ? access.perm : undefined;
  const held = perm ? (await app.sessions.userOf(tokens[role]))?.perms.has(perm) : undefined;
  let res;
  try {
    res = await app.inject({
      method: op.method as 'GET',
      url: c.url,
      remoteAddress: FUZZ_ADDRESS,
      headers: { 'x-token': tokens[role], ...c.headers },
      ...(c.payload !== undefined && { payload: c.payload }),
    });
  } catch (err) {
    // an answer broken off half-way (a stream that failed after its headers) counts as a 5xx
    figures.cases++;
    note(figures.serverErrors, `${role} ${op.method} ${c.url.slice(0, 160)} → aborted: ${(err as Error).message}`);
    return undefined;
  }
  figures.cases++;
  figures.byRole[role]++;
  covered.add(name);
  figures.statuses[res.statusCode] = (figures.statuses[res.statusCode] ?? 0) + 1;
  const where = `${role} ${op.method} ${c.url.slice(0, 160)} → ${res.statusCode}`;
  if (res.statusCode >= 500) {
    // the server's own log line of the error says why (its message and the first frame)
    const logged = t.logs.findLast((l) => l.includes('"level":50'));
    const why = logged ? (JSON.parse(logged) as { err?: { message?: string; stack?: string } }).err : undefined;
    const cause = why ? ` (${why.message ?? ''} ${why.stack?.split('\n')[1]?.trim() ?? ''})` : '';
    note(
      figures.serverErrors,
      `${where} ${res.body.slice(0, 120)}${cause.slice(0, 240)} payload ${String(c.payload ?? '').slice(0, 160)}`,
    );
  } else if (!op.responses.has(res.statusCode) && !(c.pathBroken && [404, 405].includes(res.statusCode)))
    note(figures.undocumented, where);
  else {
    const check = op.responses.get(res.statusCode);
    const json = String(res.headers['content-type'] ?? '').includes('application/json');
    if (check && json && !check(res.json()))
      note(figures.schemaBreaks, `${where} ${ajv.errorsText(check.errors).slice(0, 200)}`);
  }
  if (c.valid && res.statusCode === 400) {
    figures.validRefused.set(name, (figures.validRefused.get(name) ?? 0) + 1);
    if (!figures.validRefusedExample.has(name))
      figures.validRefusedExample.set(
        name,
        `${c.url.slice(0, 120)} ${c.payload?.toString().slice(0, 120) ?? ''} → ${res.json().msg}`,
      );
  }
  // the route's permission is the access plugin's to check; a 2xx without it is a hole
  if (perm && held === false && res.statusCode < 300) note(figures.forbiddenWrites, `${where} without ${perm}`);
  if (before && res.statusCode >= 400) {
    const after = await snapshot();
    const changed = [...after].filter(([k, v]) => before.get(k) !== v).map(([k]) => k);
    if (changed.length) note(figures.rejectedChanges, `${where} changed ${changed.join(', ')}`);
  }
  if (res.statusCode === 200 && String(res.headers['content-type'] ?? '').includes('application/json'))
    learn(op.method, c.url, res.json());
  // a session the case ended (sign-out, role switch, own password) is opened again
  if (!(await app.sessions.userOf(tokens[role]))) await signIn(role);
  return res;
}

const arbitraries = operations.map((op) => caseOf(op));
const rng = fc.sample(fc.integer({ min: 0, max: 2 ** 30 }), { seed: SEED, numRuns: 1 })[0]!;
let sampleSeed = rng;
const started = Date.now();
const deadline = started + SECONDS * 1000;
// the last SEQUENCE_SHARE of the time goes to stateful sequences
const randomUntil = started + SECONDS * 1000 * (1 - SEQUENCE_SHARE);
console.log(`fuzz: ${operations.length} operations × ${ROLES.length} roles, seed ${SEED}, ${SECONDS} s`);

rounds: for (let round = 0; ; round++) {
  for (let i = 0; i < operations.length; i++) {
    if (Date.now() > randomUntil) break rounds;
    const op = operations[i]!;
    const cases = fc.sample(arbitraries[i]!, { seed: sampleSeed++, numRuns: ROLES.length });
    for (let r = 0; r < ROLES.length; r++) await run(op, ROLES[(r + round) % ROLES.length]!, cases[r]!);
  }
}

// Stateful sequences: a record is created (a valid body, as admin), then the operations on it and
// on what hangs under it (`/plants/{id}`, `/plants/{id}/grants/{grantId}`, …) run with generated
// variants as every role, their path parameters taken from the record and from earlier answers
// (ids a POST answered, ids of a list), so the paths past "no such record" are reached; it ends
// with its delete. Every step goes through the same oracles.
const PARAM = /\{(\w+)\}/g;
/** Creators: POST on a collection without path parameters whose records have operations of their own. */
const families = operations
  .filter((op) => op.method === 'POST' && !op.path.includes('{') && op.body?.type === 'application/json')
  .map((create) => ({
    create,
    children: operations.filter((o) => o.path.startsWith(`${create.path}/{id}`)),
  }))
  .filter((f) => f.children.length > 0);
console.log(
  `sequences: ${families.length} creators (${families.map((f) => f.create.path.replace(API, '')).join(', ')})`,
);

/** The collection a body's foreign id names (`orgId` → /orgs): records answers have shown. */
const ID_SOURCES: Record<string, string> = {
  orgId: 'orgs',
  installerOrgId: 'orgs',
  groupId: 'orgGroups',
  plantId: 'plants',
  productId: 'products',
  deviceId: 'devices',
  ownerId: 'customers',
  companyId: 'power-companies',
  roleIds: 'roles',
};
/** A create body with its foreign ids taken, half the time each, from records answers have shown. */
function withKnownIds(c: Case): Case {
  if (typeof c.payload !== 'string' || !c.payload.startsWith('{')) return c;
  const body = JSON.parse(c.payload) as Record<string, unknown>;
  for (const [key, collection] of Object.entries(ID_SOURCES)) {
    const known = pool.get(`${API}/${collection}`);
    if (!(key in body) || !known?.length || sampleSeed++ % 2) continue;
    const pick = known[sampleSeed++ % known.length]!;
    body[key] = Array.isArray(body[key]) ? [pick] : pick;
  }
  return { ...c, payload: JSON.stringify(body) };
}

sequences: for (let n = 0; families.length; n++) {
  const family = families[n % families.length]!;
  if (Date.now() > deadline) break;
  // the record: a valid body as admin (a few tries: a generated name may clash)
  let id: number | undefined;
  for (let attempt = 0; attempt < 4 && id === undefined; attempt++) {
    const [generated] = fc.sample(
      caseOf(family.create).filter((x) => x.valid),
      { seed: sampleSeed++, numRuns: 1 },
    );
    const c = withKnownIds(generated!);
    const res = await run(family.create, 'admin', c);
    if (res && res.statusCode === 200) id = (res.json() as { data?: { id?: number } }).data?.id;
    if (Date.now() > deadline) break sequences;
  }
  sequenceFigures.sequences++;
  if (typeof id !== 'number') {
    sequenceFigures.createRefused++;
    continue;
  }
  sequenceFigures.created++;
  const steps = fc.sample(
    fc.array(fc.tuple(fc.constantFrom(...family.children), fc.constantFrom(...ROLES)), { minLength: 4, maxLength: 10 }),
    { seed: sampleSeed++, numRuns: 1 },
  )[0]!;
  // the record's own delete comes last, as admin
  const del = family.children.find((o) => o.method === 'DELETE' && o.path === `${family.create.path}/{id}`);
  const plan = steps.filter(([o]) => o !== del);
  if (del) plan.push([del, 'admin']);
  for (const [op, role] of plan) {
    if (Date.now() > deadline) break sequences;
    // path parameters left to right: the record, then ids earlier answers gave under that path
    const fixed: Record<string, unknown> = {};
    let prefix = op.path;
    for (const m of op.path.matchAll(PARAM)) {
      const param = m[1]!;
      const at = prefix.indexOf(`{${param}}`);
      const known = param === 'id' && at === family.create.path.length + 1 ? [id] : pool.get(prefix.slice(0, at - 1));
      if (known?.length) {
        fixed[param] = known[sampleSeed++ % known.length];
        prefix = prefix.replace(`{${param}}`, String(fixed[param]));
      } else break;
    }
    const [c] = fc.sample(caseOf(op, fixed), { seed: sampleSeed++, numRuns: 1 });
    await run(op, role, c!);
    sequenceFigures.steps++;
    sequenceFigures.reached.add(`${op.method} ${op.path}`);
  }
}

const failures = {
  '5xx': figures.serverErrors,
  'undocumented status': figures.undocumented,
  'answer breaks its schema': figures.schemaBreaks,
  'write without permission': figures.forbiddenWrites,
  'rows changed by a rejected request': figures.rejectedChanges,
};
console.log(`\noperations covered: ${covered.size} of ${operations.length}`);
console.log(
  `cases run: ${figures.cases} (admin ${figures.byRole.admin}, agent ${figures.byRole.agent}, viewer ${figures.byRole.viewer})`,
);
console.log(
  `sequences: ${sequenceFigures.sequences} (records created ${sequenceFigures.created}, create refused ${sequenceFigures.createRefused}), ${sequenceFigures.steps} steps over ${sequenceFigures.reached.size} operations`,
);
console.log(
  `statuses: ${Object.entries(figures.statuses)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ')}`,
);
for (const [label, list] of Object.entries(failures)) {
  console.log(`${label}: ${list.length}`);
  for (const line of list.slice(0, 15)) console.log(`  ${line}`);
}
const refusedValid = [...figures.validRefused].sort((a, b) => b[1] - a[1]);
console.log(`schema-valid requests refused with 400 (counted, not failed): ${refusedValid.length} operations`);
for (const [name, n] of refusedValid.slice(0, 40))
  console.log(`  ${name} ×${n}: ${figures.validRefusedExample.get(name) ?? ''}`);
console.log(`seed ${SEED} (FUZZ_SEED=${SEED} replays it)`);
await t.close();
const failed = Object.values(failures).some((l) => l.length > 0) || covered.size < operations.length;
process.exit(failed ? 1 : 0);
