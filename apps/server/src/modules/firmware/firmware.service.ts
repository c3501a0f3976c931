import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import {
  API_BASE,
  checkCommand,
  firmwareUploadFields,
  parseUpdateContent,
  type DeviceType,
  type MessageKey,
  type otaPushBody,
  type PageQuery,
} from '@pv/contract';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.js';
import type { DialectName } from '../../db/dialect.js';
import { hashDeviceKey } from '../../ingest/index.js';
import { ApiError, badRequest, notFound, unauthorized } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store.js';
import type { SessionUser } from '../../lib/types.js';
import type { SessionResolver } from '../../plugins/access.js';
import { deviceInScope, deviceSecretHash, deviceVisible } from '../device/index.js';
import { pushCommand } from '../device/index.js';
import { capabilitiesOfDevice } from '../product/index.js';
import * as repo from './firmware.repository.js';

/* Firmware versions (upload with a size limit, download) and OTA pushes with their update log. */

type Db = Kysely<Database>;

const toRow = (f: Selectable<Database['firmware']>) => ({
  id: f.id,
  version: f.version,
  deviceType: f.device_type,
  fileName: f.file_name,
  size: f.size,
  sha256: f.sha256,
  description: f.description,
  releaseNotes: f.release_notes,
  downloadUrl: `${API_BASE}/firmware/${f.id}/file`,
  createdAt: f.created_at,
});

export async function listFirmware(db: Db, { pageNum, pageSize, deviceType }: PageQuery & { deviceType?: DeviceType }) {
  const { rows, total } = await repo.listFirmware(db, deviceType, pageSize, (pageNum - 1) * pageSize);
  return { rows: rows.map(toRow), total };
}

/**
 * Stores an uploaded firmware file under its SHA-256 in the store's area `firmware` (streamed: the file is never held
 * in memory) and records the version; the form fields come before the file (multipart order).
 * A file past the upload limit is refused (413), as is a version the device type already has (409).
 */
export async function uploadFirmware(db: Db, files: FileStore, me: SessionUser, part: MultipartFile) {
  const raw = Object.fromEntries(
    Object.entries(part.fields).flatMap(([k, v]) => (v && !Array.isArray(v) && 'value' in v ? [[k, v.value]] : [])),
  );
  const parsed = firmwareUploadFields.safeParse(raw);
  if (!parsed.success) {
    part.file.resume();
    const issue = parsed.error.issues[0]!;
    throw badRequest(issue.message.startsWith('validation.') ? (issue.message as MessageKey) : 'validation.invalid', {
      field: String(issue.path[0]),
    });
  }
  const dir = files.tmpDir('firmware');
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `upload-${randomBytes(8).toString('hex')}`);
  const hash = createHash('sha256');
  await pipeline(
    part.file,
    new Transform({ transform: (chunk: Buffer, _e, cb) => (hash.update(chunk), cb(null, chunk)) }),
    createWriteStream(tmp),
  );
  if (part.file.truncated) {
    await rm(tmp, { force: true });
    throw new ApiError(413, 'error.tooLarge');
  }
  const { size } = await stat(tmp);
  if (size === 0) {
    await rm(tmp, { force: true });
    throw badRequest('validation.fileRequired');
  }
  const sha256 = hash.digest('hex');
  const fileName = part.filename.replace(/[^\w.-]+/g, '_').slice(0, 200) || 'firmware.bin';
  const { version, deviceType, description, releaseNotes } = parsed.data;
  if (await repo.versionTaken(db, deviceType, version)) {
    await rm(tmp, { force: true });
    throw new ApiError(409, 'error.conflict');
  }
  await files.putFile('firmware', sha256, tmp, 'application/octet-stream');
  const row = await repo.insertFirmware(db, {
    version,
    device_type: deviceType,
    file_name: fileName,
    file_path: sha256,
    size,
    sha256,
    description: description || null,
    release_notes: normalisedNotes(releaseNotes),
    created_by: me.id,
    created_at: Date.now(),
  });
  return toRow(row);
}

/** Release notes as stored: the JSON the check read, re-serialised; null for none (empty). */
const normalisedNotes = (text: string | undefined) => (text?.trim() ? JSON.stringify(parseUpdateContent(text)) : null);

/** Writes (or, empty, clears) the release notes of a version, checked as the upload checks them. */
export async function setReleaseNotes(db: Db, id: number, releaseNotes: string) {
  if (!(await repo.setReleaseNotes(db, id, normalisedNotes(releaseNotes)))) throw notFound();
  const f = await repo.findFirmware(db, id);
  return toRow(f!);
}

/** Deletes a version; its file goes when no other version shares it. */
export async function deleteFirmware(db: Db, files: FileStore, id: number) {
  const f = await repo.findFirmware(db, id);
  if (!f) throw notFound();
  await repo.deleteFirmware(db, f.id);
  if (!(await repo.fileInUse(db, f.file_path))) await files.remove('firmware', f.file_path);
}

/** Who asks for a file: a device by its SN and key, or a console user by a session token. */
export interface Downloader {
  sn?: string;
  key?: string;
  token?: string;
}

/** A firmware file for a device with its credentials or a console user with cmd:list: its bytes, name and checksum. */
export async function firmwareFile(
  { db, sessions }: { db: Db; sessions: SessionResolver },
  files: FileStore,
  id: number,
  who: Downloader,
) {
  if (who.sn !== undefined && who.key !== undefined) {
    const secret = await deviceSecretHash(db, who.sn);
    if (!secret || secret !== hashDeviceKey(who.key)) throw unauthorized('error.deviceCredentials');
  } else {
    const user = who.token ? await sessions.userOf(who.token) : undefined;
    if (!user) throw unauthorized();
    if (!user.perms.has('cmd:list')) throw new ApiError(403, 'error.forbidden');
  }
  const f = await repo.findFirmware(db, id);
  if (!f) throw notFound();
  const stored = await files.open('firmware', f.file_path);
  if (!stored) throw notFound();
  return { stream: stored.stream, size: stored.size, fileName: f.file_name, sha256: f.sha256 };
}

/**
 * Sends an OTA upgrade: the firmware must be the one named (type and version), and what is
 * upgraded is the device itself (sub SN = its SN) or one of its sub devices (a collector's
 * inverter), of the firmware's type, whose product takes upgrades (a meter's defaults do not).
 * A refusal stores and sends nothing.
 */
export async function pushOta(
  deps: Parameters<typeof pushCommand>[0],
  me: SessionUser,
  b: z.infer<typeof otaPushBody>,
) {
  const { db } = deps;
  const device = await deviceInScope(db, me, { sn: b.sn });
  if (!device) throw notFound();
  const fw = await repo.findFirmware(db, b.firmwareId);
  if (!fw) throw notFound();
  if (fw.device_type !== b.deviceType || fw.version !== b.version) throw badRequest('error.firmwareMismatch');
  const target = b.subSn === device.sn ? device : await repo.subDevice(db, device.id, b.subSn);
  if (!target) throw badRequest('error.otaTarget', { subSn: b.subSn, sn: device.sn });
  if (target.type !== fw.device_type) throw badRequest('error.firmwareMismatch');
  const accepts = await capabilitiesOfDevice(db, target.id);
  if (!accepts) throw notFound();
  const refusal = checkCommand(target.sn, accepts.capabilities, { kind: 'ota' });
  if (refusal) throw badRequest(refusal.key, refusal.values);
  return pushCommand(
    deps,
    device,
    'ota',
    {
      version: fw.version,
      url: toRow(fw).downloadUrl,
      sha256: fw.sha256,
      size: fw.size,
      order: b.order,
      subSn: b.subSn,
      oldSubSn: b.oldSubSn,
    },
    me.id,
  );
}

/**
 * OTA progress of a device the caller may see. A sub device is upgraded through its collector,
 * which reports the progress: the events of the collector's OTA commands aimed at this sub SN
 * are the sub device's log too.
 */
export async function updateLog(db: Db, dialect: DialectName, me: SessionUser, id: number) {
  const device = await deviceVisible(db, me, { id });
  if (!device) throw notFound();
  const rows = await repo.otaEvents(db, dialect, device, 500);
  return rows.map((r) => ({
    cmdId: r.cmd_id,
    version: r.version,
    progress: r.progress,
    status: r.status ?? 'unknown',
    ts: r.ts,
  }));
}
