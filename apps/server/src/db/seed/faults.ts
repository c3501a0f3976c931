import { DEFAULT_FAULT_SEVERITY, type FaultProcessing } from '@pv/contract';
import { gridFaultMessage, gridOf } from '@pv/simulator';
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';
import { FAULT_CATALOGUE } from './fault-codes.js';

/**
 * The demo's fault history (DEMO with its history, first start only): about five faults per plant
 * over the last 60 days, opened in the plant's daytime (its own time zone), most of them worked
 * through by the people of the plant's organisation (acknowledged, started, fixed, with notes),
 * the newest few still open, acknowledged or in progress, so the fault list, its tabs, the
 * dashboard's count and the plant pages show the loop from the first start.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MIN = 60_000;

/** Codes each device type raises in the demo, with the raw text its display shows. */
const CODES: Record<string, { code: string; message: string }[]> = {
  inverter: [
    { code: 'F01', message: 'Iso fault: insulation resistance low' },
    { code: 'F02', message: 'GFCI fault: residual current 310 mA' },
    { code: 'F07', message: 'Grid overvoltage (Vac > 253 V)' },
    { code: 'F08', message: 'Grid undervoltage (Vac < 184 V)' },
    { code: 'F09', message: 'Grid frequency out of range (50.6 Hz)' },
    { code: 'F12', message: 'DC arc detected' },
    { code: 'F15', message: 'Fan 1 locked' },
    { code: 'F23', message: 'Over temperature, derating' },
  ],
  collector: [{ code: 'F50', message: 'Meter RS485 timeout' }],
  battery: [
    { code: 'F31', message: 'BMS communication lost' },
    { code: 'F40', message: 'Battery over temperature' },
  ],
};
/** Grid faults clear by themselves (the device reports 'recover'); the others wait for a person. */
const SELF_CLEARING = new Set(['F07', 'F08', 'F09', 'F23', 'F31', 'F50']);

const NOTES: Record<string, string[]> = {
  F01: ['Wet junction box on string 3 dried and resealed', 'Replaced a damaged DC cable under the array'],
  F02: ['Cracked module on string 1 replaced', 'Pinched cable at the roof edge re-routed and insulated'],
  F07: ['Grid operator confirmed a voltage peak in the area', 'AC cable upsized after repeated trips'],
  F08: ['Local grid outage, back to normal after restoration'],
  F09: ['Frequency event on the grid, no action on site'],
  F12: ['Burnt MC4 pair replaced, arc fault reset', 'Connector crimped again on string 2'],
  F15: ['Fan replaced', 'Fan cleaned of dust and leaves'],
  F23: ['Air filters cleaned, shade cover fitted'],
  F31: ['CAN cable reseated at the battery', 'BMS firmware updated by the vendor'],
  F40: ['Room ventilation fixed, battery back in service'],
  F50: ['RS485 A/B swapped at the meter', 'Meter address corrected to 1'],
};
const FIRST_NOTES = ['Checked remotely, site visit booked', 'Customer informed', 'Spare part ordered'];

/** Demo handlers per organisation code (the first enabled one of the list that exists). */
const HANDLERS: Record<string, string[]> = {
  ROOT: ['admin'],
  SUNPATH: ['sunpath-ops', 'agent'],
  GREENROOF: ['installer1'],
  DELTA: ['delta'],
};

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The hour of `ms` on the wall clock of `zone`. */
function localHour(ms: number, zone: string): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(ms));
}

export async function seedDemoFaults(db: Kysely<Database>, options: { seed: number; now: number }): Promise<number> {
  const rand = mulberry32(options.seed ^ 0x5eed);
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const { now } = options;

  const plants = await db
    .selectFrom('plants as p')
    .innerJoin('orgs as o', 'o.id', 'p.org_id')
    .select(['p.id', 'p.org_id', 'p.time_zone', 'p.country', 'p.longitude', 'o.code as org_code'])
    .orderBy('p.id')
    .execute();
  const devices = await db
    .selectFrom('devices')
    .select(['id', 'plant_id', 'org_id', 'type'])
    .where('type', '!=', 'meter')
    .where('parent_id', 'is', null)
    .orderBy('id')
    .execute();
  const users = await db.selectFrom('users').select(['id', 'login_name']).where('state', '=', 'enabled').execute();
  const userId = new Map(users.map((u) => [u.login_name, u.id]));
  const handlerOf = (orgCode: string) =>
    (HANDLERS[orgCode] ?? HANDLERS.ROOT!).map((l) => userId.get(l)).find((id) => id !== undefined) ??
    userId.get('admin') ??
    null;
  const severity = new Map(FAULT_CATALOGUE.map((c) => [c.code, c.severity]));

  type Planned = {
    deviceId: number;
    plantId: number;
    orgId: number;
    orgCode: string;
    code: string;
    message: string;
    openedAt: number;
  };
  const planned: Planned[] = [];
  const turns = new Map<string, number>();
  for (const plant of plants) {
    const own = devices.filter((d) => d.plant_id === plant.id);
    if (!own.length) continue;
    // a grid fault's text gives the limits of the plant's own grid (264 V, 60.6 Hz in Phoenix)
    const grid = gridOf(plant);
    const count = int(3, 7);
    for (let i = 0; i < count; i++) {
      const d = pick(own);
      // each type's codes in turn (5 is prime to their counts): every code and severity shows up
      const list = CODES[d.type] ?? CODES.inverter!;
      const turn = turns.get(d.type) ?? 0;
      turns.set(d.type, turn + 1);
      const { code, message } = list[(turn * 5) % list.length]!;
      // a day of the last 60, at a daytime hour of the plant's own clock (PV faults come with the sun)
      let at = now - int(0, 59) * DAY - int(0, 23) * HOUR - int(0, 59) * MIN;
      at -= (localHour(at, plant.time_zone) - int(8, 16)) * HOUR;
      if (at > now - 20 * MIN) at -= DAY;
      planned.push({
        deviceId: d.id,
        plantId: plant.id,
        orgId: plant.org_id,
        orgCode: plant.org_code,
        code,
        message: gridFaultMessage(code, grid) ?? message,
        openedAt: at,
      });
    }
  }
  planned.sort((a, b) => b.openedAt - a.openedAt);

  // the newest few (one in 16, at least two per state) are still being worked on: open,
  // acknowledged or in progress in turn
  const STILL: FaultProcessing[] = ['open', 'acknowledged', 'inProgress'];
  const still = Math.max(2 * STILL.length, Math.round(planned.length / 16));
  const failed = new Set<number>();
  let written = 0;
  await db.transaction().execute(async (trx) => {
    for (const [i, f] of planned.entries()) {
      const processing: FaultProcessing = i < still ? STILL[i % STILL.length]! : 'fixed';
      const handler = handlerOf(f.orgCode);
      const events: {
        at: number;
        user_id: number | null;
        action: Database['fault_events']['action'];
        note: string | null;
      }[] = [{ at: f.openedAt, user_id: null, action: 'opened', note: null }];
      let occurrences = 1;
      let lastSeen = f.openedAt;
      let recoveredAt: number | null = null;
      if (SELF_CLEARING.has(f.code)) {
        recoveredAt = Math.min(now - MIN, f.openedAt + int(3, 40) * MIN);
        events.push({ at: recoveredAt, user_id: null, action: 'recovered', note: null });
        if (rand() < 0.35 && f.openedAt < now - DAY) {
          // back once more after it cleared, then cleared again
          lastSeen = recoveredAt + int(70, 240) * MIN;
          occurrences += int(1, 4);
          events.push({ at: lastSeen, user_id: null, action: 'recurred', note: null });
          recoveredAt = lastSeen + int(3, 30) * MIN;
          events.push({ at: recoveredAt, user_id: null, action: 'recovered', note: null });
        }
      } else if (rand() < 0.3) occurrences += int(1, 6);
      // the steps, each a while after the one before, never in the future
      const step = (after: number, lo: number, hi: number) => Math.min(now - MIN, after + int(lo, hi) * MIN);
      let t = f.openedAt;
      let handledAt: number | null = null;
      let fixedAt: number | null = null;
      const last = () => events[events.length - 1]!.at;
      if (processing !== 'open') {
        if (processing !== 'fixed' || rand() < 0.8) {
          t = step(Math.max(t, last()), 10, 180);
          events.push({
            at: t,
            user_id: handler,
            action: 'acknowledged',
            note: rand() < 0.4 ? pick(FIRST_NOTES) : null,
          });
          handledAt = t;
        }
        if (processing === 'inProgress' || (processing === 'fixed' && rand() < 0.6)) {
          t = step(Math.max(t, last()), 20, 600);
          events.push({ at: t, user_id: handler, action: 'started', note: null });
          handledAt = t;
        }
        if (processing === 'inProgress' && rand() < 0.6) {
          t = step(t, 10, 120);
          events.push({ at: t, user_id: handler, action: 'note', note: pick(FIRST_NOTES) });
        }
        if (processing === 'fixed') {
          t = step(Math.max(t, last()), 30, 2 * 24 * 60);
          events.push({ at: t, user_id: handler, action: 'fixed', note: pick(NOTES[f.code] ?? ['Fixed on site']) });
          handledAt = t;
          fixedAt = t;
        }
      }
      events.sort((a, b) => a.at - b.at);
      const { id } = await trx
        .insertInto('faults')
        .values({
          device_id: f.deviceId,
          code: f.code,
          message: f.message,
          state: processing === 'fixed' ? 'fixed' : 'unrepaired',
          processing,
          severity: severity.get(f.code) ?? DEFAULT_FAULT_SEVERITY,
          opened_at: f.openedAt,
          fixed_at: fixedAt,
          occurrences,
          last_seen_at: lastSeen,
          recovered_at: recoveredAt,
          plant_id: f.plantId,
          org_id: f.orgId,
          handled_by: handledAt === null ? null : handler,
          handled_at: handledAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('fault_events')
        .values(events.map((e) => ({ ...e, fault_id: id })))
        .execute();
      if (processing !== 'fixed' && recoveredAt === null) failed.add(f.deviceId);
      written++;
    }
    if (failed.size)
      await trx
        .updateTable('devices')
        .set({ run_state: 'failure' })
        .where('id', 'in', [...failed])
        .execute();
  });
  return written;
}
