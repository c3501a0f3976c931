import { appendFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Writable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import { API_BASE } from '@pv/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sqlitePath, type AppConfig } from './config.js';
import { closeDb, createDb } from './db/dialect.js';
import { migrateToLatest } from './db/migrate.js';
import { ensureAdmin, seedCore, seedDemo } from './db/seed/seed.js';
import { fileStoreFor } from './lib/file-store.js';
import { redactUrl } from './lib/redact.js';
import './lib/types.js';
import { connectExternalBroker, ingestClientId, startEmbeddedBroker, type DeviceLink } from './ingest/broker.js';
import { IngestThread } from './ingest/ingest-thread.js';
import { IngestPipeline, type CommittedBatch, type Ingest } from './ingest/pipeline.js';
import { seedDemoCustomers } from './db/seed/customers.js';
import { seedDemoCustomerLogin } from './db/seed/customer-login.js';
import { seedDemoTariffs } from './db/seed/tariffs.js';
import { seedBrokerEndpoint } from './db/seed/broker-endpoint.js';
import { seedDemoHelpCenter, seedDemoProductSupport } from './db/seed/help-center.js';
import { seedDemoFleet, type DemoFleet } from './db/seed/fleet.js';
import { registerAccess } from './plugins/access.js';
import { AuditLog, registerAudit } from './plugins/audit.js';
import { createBus } from './plugins/bus.js';
import { registerDocs } from './plugins/docs.js';
import { frameworkErrors, registerErrorHandling } from './plugins/errors.js';
import { registerHealth } from './plugins/health.js';
import { registerMetrics, ServerMetrics } from './plugins/metrics.js';
import { registerSecurityHeaders } from './plugins/security.js';
import { JobRunner } from './plugins/jobs.js';
import { registerReply } from './plugins/reply.js';
import { registerRouting } from './plugins/routing.js';
import { registerWeb } from './plugins/web.js';
import { authSessions } from './modules/auth/index.js';
import { MODULES } from './modules/index.js';
import { enabledModules, jobPeriodsOf, type ModuleDefinition } from './lib/module.js';
import { DeviceActivity } from './modules/dashboard/index.js';
import { JobsThread } from './plugins/jobs-thread.js';

const here = dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = join(here, '../../web/dist');

export interface BuildOptions {
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: Writable;
  /** Called with a one-time admin password created outside demo mode. */
  onAdminPassword?: (password: string) => void;
  /** Called (DEMO) with the demo fleet and its fresh device keys, for the in-process simulator. */
  onDemoFleet?: (fleet: DemoFleet) => void;
  /** Heartbeat (and session check) of the live event stream, ms (tests shorten it). */
  liveHeartbeatMs?: number;
  /** Periods of the periodic jobs by name, ms (tests shorten them); see JOB_PERIODS. */
  jobPeriods?: Partial<Record<string, number>>;
  /** The modules to build with (tests add a probe module); every module of modules/index.ts by default. */
  modules?: readonly ModuleDefinition[];
}

/** The periodic jobs the modules declare, and their default periods (ms), by name. */
export const JOB_PERIODS: Readonly<Record<string, number>> = jobPeriodsOf(MODULES);

/** The whole server as one Fastify instance: production and tests build it the same way. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const allModules = options.modules ?? MODULES;
  const modules = enabledModules(allModules, config);
  const defaultPeriods = options.modules ? jobPeriodsOf(allModules) : JOB_PERIODS;
  for (const name of Object.keys(options.jobPeriods ?? {}))
    if (!(name in defaultPeriods)) throw new Error(`jobPeriods: no periodic job ${name}`);
  const jobPeriods = { ...defaultPeriods, ...options.jobPeriods } as Record<string, number>;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: ['req.headers["x-token"]', 'req.headers.authorization', 'req.headers.cookie'],
        censor: '[redacted]',
      },
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: redactUrl(req.url),
          remoteAddress: req.ip,
        }),
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // a store that cannot be reached stops the start here, before the database is opened
  const files = fileStoreFor(config.dataDir, config.s3);
  await files.check().catch((err: Error) => {
    throw new Error(`S3_BUCKET ${config.s3?.bucket} cannot be reached: ${err.name} ${err.message}`, { cause: err });
  });
  app.decorate('files', files);
  const { db, dialect } = createDb(config.databaseUrl);
  app.decorate('db', db);
  app.decorate('dialect', dialect);
  app.decorate('config', config);
  app.decorateRequest('user', undefined);
  app.decorateRequest('lang', 'en');
  app.decorate('bus', await createBus(config.redisUrl, app.log));
  // the devices each committed ingest batch wrote for, published on the bus once a second (live device pages)
  const activity = new DeviceActivity(app.bus, app.log);
  app.decorate('deviceActivity', activity);
  const commitLog = config.ingestCommitLog;
  // the figures of GET /metrics (plugins/metrics.ts); made first, the ingest reports its batches to it
  const metrics = new ServerMetrics(app);
  app.decorate('metrics', metrics);
  const ingestOptions = {
    onCommitted: (ids: number[]) => activity.add(ids),
    onCommit: (b: CommittedBatch) => {
      metrics.batchSize.observe(b.size);
      if (commitLog) appendFileSync(commitLog, `${b.receivedAt} ${b.committedAt} ${b.size}\n`);
    },
  };
  // a SQLite file: the ingest on its own thread and connection (the main thread keeps the broker and the API)
  const file = sqlitePath(config.databaseUrl);
  const pipeline: Ingest =
    config.ingestThread && file !== undefined && file !== ':memory:'
      ? new IngestThread(config.databaseUrl, app.log, ingestOptions)
      : new IngestPipeline(db, app.log, ingestOptions, dialect);
  app.decorate('ingest', pipeline);
  // likewise the roll-ups that read the whole fleet (plant stats, dashboard): better-sqlite3 would hold the API's thread
  const jobsThread =
    config.jobsThread && file !== undefined && file !== ':memory:'
      ? new JobsThread(config.databaseUrl, app.log)
      : undefined;
  app.decorate('jobsThread', jobsThread);
  app.decorate('deviceLink', undefined);
  const audit = new AuditLog(db, app.log);
  app.decorate('audit', audit);
  const jobs = new JobRunner(db, app.log, jobPeriods);
  app.decorate('jobs', jobs);
  // one place closes everything, in order: periodic jobs, devices, then the pending writes, then the database
  const shutdown = async () => {
    await jobs.close(); // a long run under way (plant stats) ends after its current slice
    await jobsThread?.close();
    activity.close();
    await app.bus.close();
    await app.deviceLink?.close().catch(() => undefined);
    await pipeline.close();
    await audit.flush();
    await closeDb(db);
  };
  app.addHook('onClose', shutdown);

  // a start that fails half-way (a migration, a module's registration) leaves nothing open behind it
  try {
    await migrateToLatest(db, allModules);
    await seedCore(db);
    if (config.demo) {
      await seedDemo(db);
      const fleet = await seedDemoFleet(db, { seed: 42, plants: config.simulatorPlants, history: config.demoHistory });
      if (fleet.history) app.log.info(fleet.history, 'demo history backfilled');
      options.onDemoFleet?.(fleet);
      await seedDemoCustomers(db);
      await seedDemoCustomerLogin(db);
      await seedDemoTariffs(db);
      await seedDemoHelpCenter(db);
      await seedDemoProductSupport(db, files);
      for (const module of modules) await module.seedDemo?.(app);
    } else {
      const oneTime = await ensureAdmin(db, config.adminPassword);
      if (oneTime) options.onAdminPassword?.(oneTime);
    }

    registerRouting(app);
    registerErrorHandling(app);
    await registerSecurityHeaders(app, config.webDist ?? DEFAULT_WEB_DIST);
    registerReply(app);
    registerAccess(app, authSessions(app));
    // a console write in any process (a device deleted, rebound, a plant's time zone changed) makes
    // every process's ingest read its device facts again
    app.onDataChanged(() => pipeline.invalidate());
    registerAudit(app);

    await registerDocs(app);
    registerHealth(app);
    registerMetrics(app);
    await app.register(fastifyMultipart, { limits: { fileSize: config.firmwareMaxBytes, files: 1, fields: 10 } });
    // Each module registers its routes under the one API base path, and its periodic jobs (plugins/jobs.ts:
    // each runs once per period across the server processes on the database); lib/module.ts
    const moduleOptions = { jobPeriods, liveHeartbeatMs: options.liveHeartbeatMs };
    for (const module of modules) await app.register(module.routes, { prefix: API_BASE, ...moduleOptions });
    const atStart: string[] = [];
    for (const job of modules.flatMap((m) => m.jobs ?? [])) {
      if (!(job.enabled?.(config) ?? true)) continue;
      const periodMs = jobPeriods[job.name]!;
      jobs.add({ name: job.name, periodMs, run: job.start(app, periodMs), stop: job.stop && (() => job.stop!(app)) });
      if (job.atReady) app.addHook('onReady', async () => void jobs.tick(job.name));
      if (job.atStart) atStart.push(job.name);
    }

    let link: DeviceLink;
    if (config.mqttUrl)
      link = await connectExternalBroker({
        url: config.mqttUrl,
        pipeline,
        log: app.log,
        clientId: config.mqttClientId ?? ingestClientId(config.dataDir),
      });
    else link = await startEmbeddedBroker({ port: config.mqttPort, db, pipeline, log: app.log });
    app.deviceLink = link;
    // a fresh demo lists the embedded broker's own endpoint on /systems/mqtt (the port it really listens on;
    // PORT=0, a port picked at listen, is not known here: the default one is named)
    if (config.demo && !config.mqttUrl)
      await seedBrokerEndpoint(db, {
        host: config.host,
        mqttPort: link.port ?? config.mqttPort,
        httpPort: config.port || 8080,
      });

    // the first figures come at start (the plant list's), outside any plugin: on a large fleet the
    // run can outlast a plugin's start-up timeout
    for (const name of atStart) await jobs.tick(name);
    jobs.start();

    await registerWeb(app, config.webDist ?? DEFAULT_WEB_DIST);
  } catch (err) {
    await shutdown().catch(() => undefined);
    throw err;
  }

  return app;
}
