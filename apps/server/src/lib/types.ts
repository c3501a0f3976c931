import type { DataScope, OrgGroupCode } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/database.js';
import type { FileStore } from './file-store.js';
import type { DialectName } from '../db/dialect.js';
import type { DeviceLink } from '../ingest/broker.js';
import type { Ingest } from '../ingest/pipeline.js';

/** What a route needs: anyone, any signed-in user, or a permission code (exact match). */
export type Access = 'public' | 'session' | { perm: string };

export interface SessionUser {
  id: number;
  loginName: string;
  sessionId: number;
  /** The roles this session acts with (all of the user's, or the one switched to). */
  roleIds: number[];
  orgId: number;
  orgPath: string;
  orgGroupCode: OrgGroupCode;
  /** Shared by the sessions whose roles read the same (session.repository.ts): never changed in place. */
  perms: ReadonlySet<string>;
  dataScope: DataScope;
  sensitive: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user?: SessionUser;
    lang: string;
  }
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: DialectName;
    config: AppConfig;
    ingest: Ingest;
    deviceLink: DeviceLink | undefined;
    /** Where uploaded files are kept (DATA_DIR/files or an S3-compatible bucket). */
    files: FileStore;
  }
}

/** The signed-in user of a route declared with access 'session' or a perm. */
export function userOf(req: { user?: SessionUser }): SessionUser {
  if (!req.user) throw new Error('route without a session guard asked for the user');
  return req.user;
}
