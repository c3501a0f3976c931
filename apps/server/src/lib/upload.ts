import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { MessageKey } from '@pv/contract';
import { fileTypeFromFile } from 'file-type';
import { ApiError, badRequest } from './errors.js';
import type { FileArea, FileStore } from './file-store.js';

export interface UploadRule {
  /** The types the file's own bytes may be (magic bytes, file-type), e.g. application/pdf. */
  mimes: readonly string[];
  maxBytes: number;
  /** What a file of another type answers (415). */
  typeMessage: MessageKey;
  /** What a file past maxBytes answers (413); error.tooLarge unless said. */
  sizeMessage?: MessageKey;
}

export interface StoredUpload {
  /** The file's key in its area of the store: its SHA-256, so the same file is kept once. */
  path: string;
  sha256: string;
  size: number;
  mime: string;
  /** The name it was sent with, made safe for a Content-Disposition header. */
  fileName: string;
}

/** A name for Content-Disposition: letters, digits, dots, dashes and underscores, at most 150 characters. */
export const safeFileName = (name: string, fallback: string) =>
  name
    .replace(/[^\w.-]+/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 150) || fallback;

/**
 * Streams an uploaded file to a local temporary file (never whole in memory), checks it — not
 * empty, within the size limit (the stream stops one byte past it), of an allowed type by its
 * content, not its name or declared type — then moves it into `area` of the store (DATA_DIR/files
 * or S3). A refused file is removed and nothing else changes.
 */
export async function storeUpload(
  part: MultipartFile,
  files: FileStore,
  area: FileArea,
  rule: UploadRule,
): Promise<StoredUpload> {
  const dir = files.tmpDir(area);
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `upload-${randomBytes(8).toString('hex')}`);
  const hash = createHash('sha256');
  let size = 0;
  let over = false;
  try {
    await pipeline(
      part.file,
      new Transform({
        transform: (chunk: Buffer, _e, cb) => {
          size += chunk.length;
          if (size > rule.maxBytes) {
            over = true;
            return cb(); // keep reading the request, write nothing more
          }
          hash.update(chunk);
          cb(null, chunk);
        },
      }),
      createWriteStream(tmp),
    );
    if (over || part.file.truncated) throw new ApiError(413, rule.sizeMessage ?? 'error.tooLarge');
    if (size === 0) throw badRequest('validation.fileRequired');
    const type = await fileTypeFromFile(tmp);
    if (!type || !rule.mimes.includes(type.mime)) throw new ApiError(415, rule.typeMessage);
    const sha256 = hash.digest('hex');
    await files.putFile(area, sha256, tmp, type.mime);
    return { path: sha256, sha256, size, mime: type.mime, fileName: safeFileName(part.filename, 'file') };
  } finally {
    await rm(tmp, { force: true });
  }
}

/** Removes a stored file when `inUse` says nothing refers to it any more. */
export async function removeUnused(files: FileStore, area: FileArea, path: string, inUse: boolean) {
  if (!inUse && /^[a-f0-9]{64}$/.test(path)) await files.remove(area, path);
}
