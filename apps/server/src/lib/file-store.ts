import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';

/** What the uploaded files are kept for: one folder (local) or key prefix (S3) each. */
export const FILE_AREAS = ['products', 'problems', 'content', 'firmware', 'avatars'] as const;
export type FileArea = (typeof FILE_AREAS)[number];

/** A stored file being read: its size and its bytes. */
export interface OpenedFile {
  size: number;
  stream: Readable;
}

/**
 * Where uploaded files are kept: DATA_DIR/files/<area>/<key> (the default), or an S3-compatible
 * bucket under <S3_PREFIX><area>/<key> when S3_BUCKET is set. Keys are names the server made
 * (content hashes), never a client's.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /** A local folder for a file being received (local: beside the area's files, so the move is a rename). */
  tmpDir(area: FileArea): string;
  /** Moves a received local file into the store under `key`; the local file is gone afterwards. */
  putFile(area: FileArea, key: string, localPath: string, mime: string): Promise<void>;
  putBuffer(area: FileArea, key: string, data: Buffer, mime: string): Promise<void>;
  /** The stored file, or undefined when there is none. */
  open(area: FileArea, key: string): Promise<OpenedFile | undefined>;
  /** The stored file's size, or undefined when there is none. */
  size(area: FileArea, key: string): Promise<number | undefined>;
  remove(area: FileArea, key: string): Promise<void>;
  /** Checks the store can be used (S3: an object can be written to the bucket and deleted), so a bad setting stops the start. */
  check(): Promise<void>;
}

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Prepended to every key ("pv/"), so one bucket can hold several installations. */
  prefix: string;
}

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;
function checkedKey(key: string) {
  if (!KEY.test(key)) throw new Error(`bad file key ${JSON.stringify(key)}`);
  return key;
}

/** Files under `root` (DATA_DIR/files), one folder per area. */
export function localFileStore(root: string): FileStore {
  const dir = (area: FileArea) => join(root, area);
  const path = (area: FileArea, key: string) => join(dir(area), checkedKey(key));
  const sizeOf = async (area: FileArea, key: string) => {
    const s = await stat(path(area, key)).catch(() => undefined);
    return s?.isFile() ? s.size : undefined;
  };
  return {
    kind: 'local',
    tmpDir: dir,
    async putFile(area, key, localPath) {
      await mkdir(dir(area), { recursive: true });
      await rename(localPath, path(area, key));
    },
    async putBuffer(area, key, data) {
      await mkdir(dir(area), { recursive: true });
      await writeFile(path(area, key), data);
    },
    async open(area, key) {
      const size = await sizeOf(area, key);
      return size === undefined ? undefined : { size, stream: createReadStream(path(area, key)) };
    },
    size: sizeOf,
    async remove(area, key) {
      await rm(path(area, key), { force: true });
    },
    async check() {
      // folders are made on the first upload
    },
  };
}

const missing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound');

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, …). Checksums are sent only where
 * the API requires them: the SDK's default trailing checksums (aws-chunked bodies) are not
 * understood by every S3-compatible server. Received files wait in `tmpRoot` until they are sent.
 */
export function s3FileStore(s: S3Settings, tmpRoot: string): FileStore {
  const client = new S3Client({
    region: s.region,
    ...(s.endpoint && { endpoint: s.endpoint }),
    forcePathStyle: s.forcePathStyle,
    ...(s.accessKeyId &&
      s.secretAccessKey && { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } }),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = s.bucket;
  const Key = (area: FileArea, key: string) => `${s.prefix}${area}/${checkedKey(key)}`;
  const head = async (area: FileArea, key: string) => {
    try {
      return (await client.send(new HeadObjectCommand({ Bucket, Key: Key(area, key) }))).ContentLength;
    } catch (err) {
      if (missing(err)) return undefined;
      throw err;
    }
  };
  return {
    kind: 's3',
    tmpDir: () => tmpRoot,
    async putFile(area, key, localPath, mime) {
      try {
        const { size } = await stat(localPath);
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: Key(area, key),
            Body: createReadStream(localPath),
            ContentLength: size,
            ContentType: mime,
          }),
        );
      } finally {
        await rm(localPath, { force: true });
      }
    },
    async putBuffer(area, key, data, mime) {
      await client.send(new PutObjectCommand({ Bucket, Key: Key(area, key), Body: data, ContentType: mime }));
    },
    async open(area, key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: Key(area, key) }));
        return { size: Number(out.ContentLength ?? 0), stream: out.Body as Readable };
      } catch (err) {
        if (missing(err)) return undefined;
        throw err;
      }
    },
    size: head,
    async remove(area, key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: Key(area, key) }));
    },
    async check() {
      await mkdir(tmpRoot, { recursive: true });
      // what the server needs of the bucket: writing and deleting an object (a small marker)
      const Key = `${s.prefix}.pv-console-check`;
      await client.send(new PutObjectCommand({ Bucket, Key, Body: 'ok', ContentType: 'text/plain' }));
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
  };
}

/** The store the configuration asks for: S3 when `s3` is given, else DATA_DIR/files. */
export const fileStoreFor = (dataDir: string, s3?: S3Settings): FileStore =>
  s3 ? s3FileStore(s3, join(dataDir, 'files', 'tmp')) : localFileStore(join(dataDir, 'files'));
