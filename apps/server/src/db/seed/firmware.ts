import { createHash, randomUUID } from 'node:crypto';
import { API_BASE, DEFAULT_CAPABILITIES, type DeviceType } from '@pv/contract';
import { deriveSeed, Rng } from '@pv/simulator';
import type { Insertable, Kysely } from 'kysely';
import type { FileStore } from '../../lib/file-store.js';
import type { Database } from '../database.js';
import { CATALOGUE, catalogueOf, type CatalogueProduct, type FirmwareRelease } from './catalogue.js';

/*
 * The demo's firmware: each product's versions (files, release notes), and each device's OTA
 * history, written as the platform writes a real one (an OTA command, its progress events, the
 * device's acknowledgement, the device's version): the firmware page lists real versions, a
 * device's update log shows its upgrades (a failed attempt among them), and the fleet runs a mix
 * of versions, the newest on most but not all devices.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

/** The device whose update log shows a failed attempt then its retry (the first demo plant's first inverter). */
export const SHOWCASE_SN = 'INVP000101';

/** Why a device refused or broke off an upgrade (its ack), and the last progress it reported. */
const FAILURES: Record<string, { content: string; progress: number[] }[]> = {
  inverter: [
    { content: 'download failed: checksum mismatch', progress: [0, 25, 50] },
    { content: 'upgrade refused: PV input below 150 V, retry in daylight', progress: [0] },
    { content: 'flash write error, rolled back to the running version', progress: [0, 25, 50, 75] },
  ],
  collector: [
    { content: 'download timed out (Wi-Fi RSSI -86 dBm)', progress: [0, 25] },
    { content: 'download failed: checksum mismatch', progress: [0, 25, 50] },
  ],
  battery: [
    { content: 'upgrade refused: state of charge below 20 %', progress: [0] },
    { content: 'BMS busy (balancing), try again later', progress: [0, 25] },
  ],
};

/** One OTA command of a device: when it was sent, what it reported, how it ended. */
export interface OtaAttempt {
  version: string;
  at: number;
  ok: boolean;
  /** the device's ack */
  content: string;
  /** the progress events it sent (0 … 100 when it succeeded) */
  progress: number[];
}

export interface DeviceFirmware {
  /** the version it was installed with (the newest released by then) */
  installed: string;
  attempts: OtaAttempt[];
  /** the version it runs now */
  current: string;
}

/** When each version of a product came out, for a fleet created at `anchor`. */
export const releasedAt = (r: FirmwareRelease, anchor: number) => Math.floor((anchor - r.daysAgo * DAY) / HOUR) * HOUR;

/**
 * A device's firmware story, a pure function of its SN, type, its plant's installation and
 * longitude, and when the fleet was created (`anchor`), so the fleet seed (the version each
 * device runs) and the firmware seed (its OTA history) tell the same one. Each later version
 * reaches most devices within two weeks of its release (the newest some 65 %), at midday local
 * time (the inverter needs its PV input); about one attempt in ten fails, and most failed ones
 * are retried a day or three later.
 */
export function deviceFirmware(
  device: { sn: string; type: string },
  plant: { installedAt: number; longitude: number | null },
  anchor: number,
): DeviceFirmware {
  const product = catalogueOf(device.type);
  if (!product) return { installed: 'V1.0.0', attempts: [], current: 'V1.0.0' };
  const releases = product.firmware.map((r) => ({ version: r.version, at: releasedAt(r, anchor) }));
  let index = 0;
  for (const [i, r] of releases.entries()) if (r.at <= plant.installedAt) index = i;
  const installed = releases[index]!.version;
  const attempts: OtaAttempt[] = [];
  let current = installed;
  if (!DEFAULT_CAPABILITIES[device.type as DeviceType]?.ota) return { installed, attempts, current };
  const rng = new Rng(deriveSeed(42, `ota/${device.sn}`));
  const showcase = device.sn === SHOWCASE_SN;
  const utcOffset = Math.round((plant.longitude ?? 0) / 15);
  const lastAllowed = anchor - 2 * HOUR;
  // between 11:00 and 15:00 local time, `days` days after `from`
  const midday = (from: number, days: number) => {
    const utcHour = (11 + rng.int(0, 3) - utcOffset + 24) % 24;
    return Math.floor(from / DAY) * DAY + days * DAY + utcHour * HOUR + rng.int(0, 59) * MINUTE;
  };
  for (let i = index + 1; i < releases.length; i++) {
    const release = releases[i]!;
    const newest = i === releases.length - 1;
    const takes = rng.chance(newest ? 0.65 : 0.8);
    const at = midday(release.at, rng.int(2, 14));
    const fails = rng.chance(0.1);
    const failure = rng.pick(FAILURES[device.type] ?? FAILURES.inverter!);
    const retried = rng.chance(0.75);
    const retryAt = midday(at, rng.int(1, 3));
    if (!(takes || (showcase && newest)) || at >= lastAllowed) continue;
    if (fails || (showcase && newest)) {
      attempts.push({ version: release.version, at, ok: false, content: failure.content, progress: failure.progress });
      if (!(retried || showcase) || retryAt >= lastAllowed) continue;
      attempts.push(success(release.version, retryAt));
    } else attempts.push(success(release.version, at));
    current = release.version;
  }
  return { installed, attempts, current };
}

const success = (version: string, at: number): OtaAttempt => ({
  version,
  at,
  ok: true,
  content: `upgraded to ${version}`,
  progress: [0, 25, 50, 75, 100],
});

/** The name of a version's image file. */
export const firmwareFileName = (product: CatalogueProduct, version: string) =>
  `${product.code}_${product.type === 'battery' ? 'BMS_' : ''}${version}.bin`;

/**
 * A firmware image that looks like one: a header (magic, product, version, build date, size) and
 * a body of pseudo-random bytes (a compressed image), the same for the same product and version.
 */
export function firmwareImage(product: CatalogueProduct, release: FirmwareRelease, built: number): Buffer {
  const size = release.sizeKiB * 1024;
  const image = Buffer.alloc(size);
  const header = `PVFW\0${product.code}\0${release.version}\0${new Date(built).toISOString().slice(0, 10)}\0`;
  image.write(header, 0, 'latin1');
  image.writeUInt32LE(size, 60);
  // xorshift32 from the version's hash: fast, and the same bytes each time
  let x = createHash('sha256').update(`${product.code}/${release.version}`).digest().readUInt32LE(0) || 1;
  for (let i = 64; i + 4 <= size; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    image.writeUInt32LE(x >>> 0, i);
  }
  return image;
}

type Db = Kysely<Database>;

/** Who pushed a plant's upgrades: its organisation's operations account. */
const SENDER: Record<string, string> = {
  ROOT: 'admin',
  SUNPATH: 'sunpath-ops',
  GREENROOF: 'installer1',
  DELTA: 'delta',
};

/**
 * The demo's firmware versions (each product's, with its files and release notes) and the demo
 * devices' OTA history (DEMO on; runs once, when no firmware exists). The devices' versions were
 * written with the fleet (deviceFirmware); this writes the history that led there.
 */
export async function seedDemoFirmware(db: Db, files: FileStore): Promise<void> {
  if (await db.selectFrom('firmware').select('id').limit(1).executeTakeFirst()) return;
  const plants = await db
    .selectFrom('plants')
    .innerJoin('orgs', 'orgs.id', 'plants.org_id')
    .select(['plants.id', 'plants.installed_at', 'plants.longitude', 'plants.created_at', 'orgs.code'])
    .execute();
  if (!plants.length) return;
  // when the fleet was created: what its devices' versions were worked out from
  const anchor = Math.min(...plants.map((p) => Number(p.created_at)));
  const users = new Map(
    (await db.selectFrom('users').select(['id', 'login_name']).execute()).map((u) => [u.login_name, u.id]),
  );
  const admin = users.get('admin') ?? null;

  const firmware = new Map<string, { id: number; sha256: string; size: number }>();
  for (const product of CATALOGUE) {
    for (const release of product.firmware) {
      const at = releasedAt(release, anchor);
      const image = firmwareImage(product, release, at - 3 * DAY);
      const sha256 = createHash('sha256').update(image).digest('hex');
      await files.putBuffer('firmware', sha256, image, 'application/octet-stream');
      const { id } = await db
        .insertInto('firmware')
        .values({
          version: release.version,
          device_type: product.type,
          file_name: firmwareFileName(product, release.version),
          file_path: sha256,
          size: image.length,
          sha256,
          description: release.description,
          release_notes: JSON.stringify(release.notes),
          created_by: admin,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      firmware.set(`${product.type}/${release.version}`, { id, sha256, size: image.length });
    }
  }

  const byPlant = new Map(plants.map((p) => [p.id, p]));
  const devices = await db
    .selectFrom('devices as d')
    .leftJoin('devices as parent', 'parent.id', 'd.parent_id')
    .select(['d.id', 'd.sn', 'd.type', 'd.plant_id', 'd.parent_id', 'parent.sn as parent_sn'])
    .where('d.plant_id', 'is not', null)
    .orderBy('d.id')
    .execute();
  const commands: Insertable<Database['commands']>[] = [];
  const events: Insertable<Database['ota_events']>[] = [];
  for (const d of devices) {
    const plant = byPlant.get(d.plant_id!);
    if (!plant?.installed_at) continue;
    const story = deviceFirmware(d, { installedAt: Number(plant.installed_at), longitude: plant.longitude }, anchor);
    // a sub inverter is upgraded through its collector, which takes the command and reports for it
    const via = d.parent_id ?? d.id;
    const sentBy = users.get(SENDER[plant.code] ?? 'admin') ?? admin;
    for (const a of story.attempts) {
      const fw = firmware.get(`${d.type}/${a.version}`)!;
      const cmdId = randomUUID();
      const steps = a.progress.map((p, k) => ({ progress: p, ts: a.at + 4_000 + k * 75_000 }));
      const acked = steps[steps.length - 1]!.ts + 20_000;
      commands.push({
        cmd_id: cmdId,
        device_id: via,
        kind: 'ota',
        params: JSON.stringify({
          version: a.version,
          url: `${API_BASE}/firmware/${fw.id}/file`,
          sha256: fw.sha256,
          size: fw.size,
          order: `WO-${new Date(a.at).toISOString().slice(0, 7)}-${a.version}`,
          subSn: d.sn,
          oldSubSn: d.sn,
        }),
        status: a.ok ? 'success' : 'failed',
        ack_content: a.content,
        source: 'console',
        sent_by: sentBy,
        created_at: a.at,
        updated_at: acked,
      });
      for (const s of steps)
        events.push({ cmd_id: cmdId, device_id: via, progress: s.progress, version: a.version, ts: s.ts });
    }
  }
  for (let i = 0; i < commands.length; i += 100)
    await db
      .insertInto('commands')
      .values(commands.slice(i, i + 100))
      .execute();
  for (let i = 0; i < events.length; i += 150)
    await db
      .insertInto('ota_events')
      .values(events.slice(i, i + 150))
      .execute();

  // each product's release notes, one per version, oldest first (the product page shows the newest)
  const products = await db.selectFrom('products').select(['id', 'code']).execute();
  const releases = CATALOGUE.flatMap((product) => {
    const row = products.find((p) => p.code === product.code);
    return row
      ? product.firmware.map((r) => ({
          product_id: row.id,
          version: r.version,
          content: JSON.stringify(r.notes),
          created_at: releasedAt(r, anchor),
        }))
      : [];
  }).sort((a, b) => a.created_at - b.created_at);
  if (releases.length) await db.insertInto('product_releases').values(releases).execute();
}
