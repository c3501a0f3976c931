import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';

export interface TestS3 {
  /** The S3_ variables that point the server at this store. */
  env: Record<string, string>;
  endpoint: string;
  bucket: string;
  /** The keys of the objects stored under `prefix`, sorted (read from the server's own folder). */
  objects(prefix: string): string[];
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, files in a temporary folder) on a free loopback port with
 * one bucket, for the tests that store uploads in S3. It runs in this process: no outside service.
 */
export async function startTestS3(bucket = 'pv-files'): Promise<TestS3> {
  const dir = mkdtempSync(join(tmpdir(), 'pv-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    // s3rver accepts its own fixed credentials and checks the signature made with them
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    objects(prefix) {
      const root = join(dir, bucket);
      if (!existsSync(root)) return [];
      return readdirSync(root, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('._S3rver_object'))
        .map((f) => f.slice(0, -'._S3rver_object'.length))
        .filter((k) => k.startsWith(prefix))
        .sort();
    },
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
