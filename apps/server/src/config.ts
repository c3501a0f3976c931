import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { brandFor, BRANDS } from '@pv/contract';
import type { S3Settings } from './lib/file-store.js';

export class ConfigError extends Error {}

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const port = z.coerce.number().int().min(0).max(65535);

const schema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres(ql)?:\/\/)/, 'must start with sqlite: or postgres://')
    .optional(),
  MQTT_PORT: port.default(1883),
  MQTT_URL: z
    .string()
    .regex(/^(mqtts?|wss?|tcp):\/\//, 'must be an mqtt:// URL')
    .optional(),
  MQTT_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,60}$/, 'must be 1 to 60 letters, digits, dots, dashes or underscores')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  BRAND: z.enum(Object.keys(BRANDS) as [string, ...string[]]).default('default'),
  SAAS: bool.default(false),
  DEMO: bool.default(false),
  ADMIN_PASSWORD: z.string().min(7, 'must be longer than 6 characters').optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(120),
  SESSION_MAX_HOURS: z.coerce.number().positive().default(168),
  CACHE_SECONDS: z.coerce.number().min(0).max(300).default(10),
  DEVICE_OFFLINE_MINUTES: z.coerce.number().positive().default(5),
  COMMAND_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  FIRMWARE_MAX_MB: z.coerce.number().positive().max(1024).default(64),
  SIMULATOR: bool.optional(),
  SIMULATOR_PLANTS: z.coerce.number().int().min(0).max(10000).default(24),
  DEMO_HISTORY: bool.default(true),
  // only behind a reverse proxy: otherwise X-Forwarded-For would let a client pick its own address (login throttle)
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // diagnostics (the ingest benchmark): one line per committed batch, `receivedAt committedAt size`
  INGEST_COMMIT_LOG: z.string().min(1).optional(),
  INGEST_THREAD: bool.default(true),
  JOBS_THREAD: bool.default(true),
  // outgoing mail (fault notifications, sign-in mails): smtp://user:pass@host:587 or smtps://…:465; unset: mails stay in the outbox
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/?#]+/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z
    .string()
    .max(254)
    .regex(/^[^<>@\s]+@[^<>@\s]+$|^[^<>]*<[^<>@\s]+@[^<>@\s]+>$/, 'must be an address, or a name and <address>')
    // unset: the brand's sender name (BRAND) at no-reply@localhost
    .optional(),
  /** A built console elsewhere than apps/web/dist (a CDN build copied to the host, a test build). */
  WEB_DIST: z.string().optional(),
  // uploaded files in an S3-compatible bucket instead of DATA_DIR/files (S3_BUCKET turns it on)
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3 to 63 lower-case letters, digits, dots, dashes)',
    )
    .optional(),
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^/?#]+\/?$/, 'must be an http:// or https:// address without a path')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9_-]+\/)*$/, 'must be folder names each ending in /, e.g. pv/')
    .default(''),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  mqttPort: number;
  mqttUrl?: string;
  /** With MQTT_URL: the name of this process's broker sessions (default: made once and kept in DATA_DIR/mqtt-client-id). */
  mqttClientId?: string;
  redisUrl?: string;
  brand: string;
  saas: boolean;
  demo: boolean;
  adminPassword?: string;
  sessionIdleMs: number;
  sessionMaxMs: number;
  /** How long a process may reuse what it read: signed-in users, plant list and chart answers (0: read every request). Console writes and stats refreshes clear them at once. */
  cacheMs: number;
  logLevel: string;
  /** Appends `receivedAt committedAt size` (epoch ms) per committed ingest batch to this file: how the ingest benchmark tells when a sample became visible. */
  ingestCommitLog?: string;
  /** On a SQLite file: parse, validate and write device messages on a thread of their own (INGEST_THREAD, default true). */
  ingestThread: boolean;
  /** On a SQLite file: the plant-stats and dashboard roll-ups on a thread of their own (JOBS_THREAD, default true). */
  jobsThread: boolean;
  /** Take the client address from X-Forwarded-For (set TRUST_PROXY=true behind a reverse proxy). */
  trustProxy: boolean;
  deviceOfflineMs: number;
  commandTimeoutMs: number;
  firmwareMaxBytes: number;
  /** Run the demo fleet in-process (default: with DEMO). */
  simulator: boolean;
  simulatorPlants: number;
  /** DEMO: backfill ~400 days of history from the simulator's model when the fleet is first seeded. */
  demoHistory: boolean;
  /** Where the built console lives (served when present). */
  webDist?: string;
  /** SMTP relay mails are sent through (SMTP_URL); undefined: mails are kept in the outbox as 'stored'. */
  smtpUrl?: string;
  /** The sender of every mail (MAIL_FROM). */
  mailFrom: string;
  /** Uploaded files in an S3-compatible bucket (S3_BUCKET and the other S3_ variables); undefined: DATA_DIR/files. */
  s3?: S3Settings;
}

/** Reads and checks the environment; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(
      `Invalid configuration: ${String(issue.path[0])} ${issue.message} (got ${JSON.stringify(cleaned[String(issue.path[0])])})`,
    );
  }
  const c = parsed.data;
  const dataDir = resolve(c.DATA_DIR);
  const s3Vars = [
    'S3_ENDPOINT',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'S3_FORCE_PATH_STYLE',
    'S3_PREFIX',
  ] as const;
  const strayS3 = s3Vars.find((v) => cleaned[v] !== undefined);
  if (!c.S3_BUCKET && strayS3) throw new ConfigError(`Invalid configuration: ${strayS3} is set but S3_BUCKET is not`);
  if (!c.S3_ACCESS_KEY_ID !== !c.S3_SECRET_ACCESS_KEY)
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir,
    databaseUrl: c.DATABASE_URL ?? `sqlite:${join(dataDir, 'pv.sqlite')}`,
    mqttPort: c.MQTT_PORT,
    mqttUrl: c.MQTT_URL,
    mqttClientId: c.MQTT_CLIENT_ID,
    redisUrl: c.REDIS_URL,
    brand: c.BRAND,
    saas: c.SAAS,
    demo: c.DEMO,
    adminPassword: c.ADMIN_PASSWORD,
    sessionIdleMs: c.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: c.SESSION_MAX_HOURS * 3_600_000,
    cacheMs: c.CACHE_SECONDS * 1000,
    logLevel: c.LOG_LEVEL,
    ingestCommitLog: c.INGEST_COMMIT_LOG,
    ingestThread: c.INGEST_THREAD,
    jobsThread: c.JOBS_THREAD,
    trustProxy: c.TRUST_PROXY,
    deviceOfflineMs: c.DEVICE_OFFLINE_MINUTES * 60_000,
    commandTimeoutMs: c.COMMAND_TIMEOUT_SECONDS * 1000,
    firmwareMaxBytes: Math.round(c.FIRMWARE_MAX_MB * 1024 * 1024),
    simulator: c.SIMULATOR ?? c.DEMO,
    simulatorPlants: c.SIMULATOR_PLANTS,
    demoHistory: c.DEMO_HISTORY,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM ?? `${brandFor(c.BRAND).senderName} <no-reply@localhost>`,
    ...(c.WEB_DIST ? { webDist: resolve(c.WEB_DIST) } : {}),
    ...(c.S3_BUCKET && {
      s3: {
        bucket: c.S3_BUCKET,
        endpoint: c.S3_ENDPOINT,
        region: c.S3_REGION,
        accessKeyId: c.S3_ACCESS_KEY_ID,
        secretAccessKey: c.S3_SECRET_ACCESS_KEY,
        // MinIO, Ceph and most self-hosted stores want path-style addresses
        forcePathStyle: c.S3_FORCE_PATH_STYLE ?? c.S3_ENDPOINT !== undefined,
        prefix: c.S3_PREFIX,
      },
    }),
  };
}

export function sqlitePath(databaseUrl: string): string | undefined {
  if (!databaseUrl.startsWith('sqlite:')) return undefined;
  const p = databaseUrl.slice('sqlite:'.length).replace(/^\/\//, '');
  if (p === ':memory:') return p;
  return isAbsolute(p) ? p : resolve(p);
}
