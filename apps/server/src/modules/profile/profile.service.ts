import { createHash } from 'node:crypto';
import { API_BASE, type ProfileUpdateBody } from '@pv/contract';
import { fileTypeFromBuffer } from 'file-type';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { ApiError, badRequest, notFound } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store.js';
import type { SessionUser } from '../../lib/types.js';
import type { AuditNote } from '../../plugins/audit.js';
import { findOwnOrg, toOrgRow } from '../org/index.js';
import * as repo from './profile.repository.js';

type Db = Kysely<Database>;

export const getProfile = (db: Db, me: SessionUser) => repo.loadProfile(db, me.id);

/** Your nickname, e-mail, mobile and time zone (left out: kept; null or '': the browser's again). */
export async function updateProfile(db: Db, me: SessionUser, { nickname, email, mobile, timeZone }: ProfileUpdateBody) {
  await repo.updateProfile(db, me.id, {
    nickname,
    email: email || null,
    mobile: mobile || null,
    ...(timeZone !== undefined && { time_zone: timeZone || null }),
  });
  return repo.loadProfile(db, me.id);
}

/** Your own organisation, unmasked: it is yours. */
export const ownOrg = async (db: Db, me: SessionUser) => toOrgRow(await findOwnOrg(db, me.orgId), true);

const AVATAR_URL = `${API_BASE}/avatars/`;
const FILE_RE = /^[a-f0-9]{64}\.(png|jpg)$/;
const TYPES: Record<string, { ext: 'png' | 'jpg'; mime: string }> = {
  png: { ext: 'png', mime: 'image/png' },
  jpg: { ext: 'jpg', mime: 'image/jpeg' },
};

/**
 * Stores an uploaded avatar under its content hash (the store's area `avatars`) and makes it yours; the previous
 * picture goes when nobody else uses it. The content decides the type, never the name or the
 * declared type.
 */
export async function saveAvatar(db: Db, files: FileStore, me: SessionUser, buffer: Buffer) {
  if (buffer.length === 0) throw badRequest('validation.fileRequired');
  const type = await fileTypeFromBuffer(buffer);
  const kind = type && TYPES[type.ext];
  if (!kind) throw new ApiError(415, 'validation.imageType');
  const name = `${createHash('sha256').update(buffer).digest('hex')}.${kind.ext}`;
  await files.putBuffer('avatars', name, buffer, kind.mime);
  const old = await repo.avatarOf(db, me.id);
  const avatar = `${AVATAR_URL}${name}`;
  await repo.setAvatar(db, me.id, avatar);
  if (old.startsWith(AVATAR_URL) && old !== avatar) {
    const oldName = old.slice(AVATAR_URL.length);
    if (!(await repo.avatarInUse(db, old)) && FILE_RE.test(oldName)) await files.remove('avatars', oldName);
  }
  const note: AuditNote = { recordId: me.id, summary: `${kind.mime}, ${buffer.length} bytes` };
  return { data: { avatar }, note };
}

/** A stored avatar picture by file name (404 for anything else). */
export async function avatarFile(files: FileStore, file: string) {
  if (!FILE_RE.test(file)) throw notFound();
  const found = await files.open('avatars', file);
  if (!found) throw notFound();
  return { ...found, mime: TYPES[file.slice(-3)]!.mime };
}
