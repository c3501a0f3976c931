import { DEFAULT_FAULT_SEVERITY, type FaultSeverity } from '@pv/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../db/database.js';
import type { BatchPlan } from './classify.js';
import { faultKey, settleFaults, type FaultReport, type OpenFault } from './fault-rules.js';

/**
 * The SQL of a batch's faults, inside the batch's transaction. A batch reads the open faults of
 * all its reporting devices in one query (not one per event); only when it opens records does it
 * read those devices' plant, organisation and product and the catalogue entries of their codes
 * (one query each). Nothing is published: notifications read the 'opened' history rows by id.
 */

/** Ids per statement: well under SQLite's and PostgreSQL's parameter limits. */
const IN_CHUNK = 500;
/** Rows per multi-row insert. */
const ROWS = 100;

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** The unrepaired faults of these devices. */
async function openFaultsOf(trx: Transaction<Database>, deviceIds: number[]): Promise<OpenFault[]> {
  const out: OpenFault[] = [];
  for (const ids of chunks(deviceIds, IN_CHUNK)) {
    const rows = await trx
      .selectFrom('faults')
      .select(['id', 'device_id', 'code', 'occurrences', 'last_seen_at', 'recovered_at'])
      .where('device_id', 'in', ids)
      .where('state', '=', 'unrepaired')
      .execute();
    for (const r of rows)
      out.push({
        id: r.id,
        deviceId: r.device_id,
        code: r.code,
        occurrences: Number(r.occurrences),
        lastSeenAt: Number(r.last_seen_at),
        recoveredAt: r.recovered_at === null ? null : Number(r.recovered_at),
      });
  }
  return out;
}

/** Per device: its plant, organisation and product now (stamped on the records it opens). */
async function deviceFacts(trx: Transaction<Database>, deviceIds: number[]) {
  const out = new Map<number, { plantId: number | null; orgId: number; productId: number | null }>();
  for (const ids of chunks(deviceIds, IN_CHUNK))
    for (const r of await trx
      .selectFrom('devices')
      .select(['id', 'plant_id', 'org_id', 'product_id'])
      .where('id', 'in', ids)
      .execute())
      out.set(r.id, { plantId: r.plant_id, orgId: r.org_id, productId: r.product_id });
  return out;
}

/** Severity per `${productId ?? 0}|${code}` from the catalogue (0: any product). */
async function catalogueSeverities(trx: Transaction<Database>, codes: string[]) {
  const out = new Map<string, FaultSeverity>();
  for (const list of chunks(codes, IN_CHUNK))
    for (const r of await trx
      .selectFrom('fault_codes')
      .select(['product_id', 'code', 'severity'])
      .where('code', 'in', list)
      .execute())
      out.set(`${r.product_id ?? 0}|${r.code}`, r.severity);
  return out;
}

/**
 * Writes a batch's fault and recover events: opens, counts up or clears records, their history,
 * and the devices' run state (failure on a fault, back to run on a recover).
 */
export async function writeFaults(
  trx: Transaction<Database>,
  plan: Pick<BatchPlan<unknown>, 'faults' | 'recovered'>,
  dialect: 'sqlite' | 'postgres' = 'sqlite',
): Promise<void> {
  if (!plan.faults.length && !plan.recovered.length) return;
  const reports: FaultReport[] = [
    ...plan.faults.map((f) => ({ kind: 'fault' as const, ...f })),
    ...plan.recovered.map((r) => ({ kind: 'recover' as const, ...r })),
  ];
  const deviceIds = [...new Set(reports.map((r) => r.deviceId))].sort((a, b) => a - b);
  // PostgreSQL: another process may hold events of the same devices (a shared subscription hands
  // out messages, not devices); taking the device rows in id order first makes it wait, so both
  // never open a record for the same code (SQLite has one writer)
  if (dialect === 'postgres')
    for (const ids of chunks(deviceIds, IN_CHUNK))
      await trx.selectFrom('devices').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
  const changes = settleFaults(reports, await openFaultsOf(trx, deviceIds));

  const ids = new Map<string, number>();
  if (changes.opened.length) {
    const facts = await deviceFacts(trx, [...new Set(changes.opened.map((f) => f.deviceId))]);
    const severities = await catalogueSeverities(trx, [...new Set(changes.opened.map((f) => f.code))]);
    const rows = changes.opened.map((f) => {
      const d = facts.get(f.deviceId);
      const severity =
        severities.get(`${d?.productId ?? 0}|${f.code}`) ?? severities.get(`0|${f.code}`) ?? DEFAULT_FAULT_SEVERITY;
      return {
        device_id: f.deviceId,
        code: f.code,
        message: f.message === null ? null : f.message.slice(0, 255),
        state: 'unrepaired' as const,
        processing: 'open' as const,
        severity,
        opened_at: f.openedAt,
        fixed_at: null,
        occurrences: f.occurrences,
        last_seen_at: f.lastSeenAt,
        recovered_at: f.recoveredAt,
        plant_id: d?.plantId ?? null,
        org_id: d?.orgId ?? 0,
      };
    });
    for (const part of chunks(rows, ROWS))
      for (const r of await trx.insertInto('faults').values(part).returning(['id', 'device_id', 'code']).execute())
        ids.set(faultKey(r.device_id, r.code), r.id);
  }

  for (const [id, s] of [...changes.updated].sort((a, b) => a[0] - b[0]))
    await trx
      .updateTable('faults')
      .set({ occurrences: s.occurrences, last_seen_at: s.lastSeenAt, recovered_at: s.recoveredAt })
      .where('id', '=', id)
      .execute();

  const history = changes.history.map((h) => ({
    fault_id: h.faultId ?? ids.get(h.key!)!,
    at: h.at,
    user_id: null,
    action: h.action,
    note: null,
  }));
  for (const part of chunks(history, ROWS)) await trx.insertInto('fault_events').values(part).execute();

  if (changes.failed.length)
    for (const part of chunks(changes.failed, IN_CHUNK))
      await trx.updateTable('devices').set({ run_state: 'failure' }).where('id', 'in', part).execute();
  if (changes.running.length)
    for (const part of chunks(changes.running, IN_CHUNK))
      await trx
        .updateTable('devices')
        .set({ run_state: 'run' })
        .where('id', 'in', part)
        .where('run_state', '=', 'failure')
        .execute();
}
