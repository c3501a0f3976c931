import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config.js';
import type { JobTick } from '../plugins/jobs.js';

/**
 * A server module declares itself: its routes, its periodic jobs and its migrations. `app.ts`
 * registers every definition of `modules/index.ts` and reads nothing else of a module; the jobs
 * plugin runs the jobs the definitions name, and the migrator runs the migrations of each
 * module's folder (docs/adding-a-domain.md).
 */
export interface ModuleDefinition {
  /** The domain's name, as its folder is called (`modules/<name>`). */
  name: string;
  /** What the module registers under the API base path: its routes and hooks. */
  routes: FastifyPluginAsyncZod<ModuleOptions>;
  /** Its periodic jobs: each runs once per period across the server processes (plugins/jobs.ts). */
  jobs?: readonly ModuleJob[];
  /**
   * The folder of its migrations (`new URL('./migrations/', import.meta.url)`): files named
   * `YYYYMMDDHHMM_<what>.ts`, run in name order together with every other module's.
   */
  migrations?: URL;
  /** Fills its tables for a fresh demo (DEMO=true), after the platform's demo seed; runs at every start, so it writes only what is missing. */
  seedDemo?: (app: FastifyInstance) => Promise<void>;
  /** Absent from this configuration (the providers of a SaaS build): no route, no job. */
  enabled?: (config: AppConfig) => boolean;
}

/** What `buildApp` hands every module's routes (tests shorten the periods). */
export interface ModuleOptions {
  /** The periods the jobs of this app run at, by job name (ms). */
  jobPeriods: Readonly<Record<string, number>>;
  /** Heartbeat (and session check) of the live event stream, ms. */
  liveHeartbeatMs?: number;
}

export interface ModuleJob {
  /** Unique across the modules; the key of its row in `job_runs`. */
  name: string;
  /** Default period (ms); `buildApp`'s `jobPeriods` may replace it. */
  periodMs: number;
  /** Runs once as soon as the server is ready (unless another process ran it within its period). */
  atReady?: boolean;
  /** Runs once before the server listens, awaited (what the first answers need). */
  atStart?: boolean;
  /** Left out of this configuration (the mail sender without SMTP_URL). */
  enabled?: (config: AppConfig) => boolean;
  /**
   * Called once when the app is built, with the app and the job's period in this app; answers the
   * run of one tick, which answers the state for the next run (undefined keeps the previous one).
   */
  start(app: FastifyInstance, periodMs: number): (tick: JobTick) => Promise<unknown>;
  /** The server closing, after the last tick was started: ends a long run early. */
  stop?(app: FastifyInstance): Promise<void>;
}

/** Types a module's definition (the only export `modules/index.ts` reads of it). */
export const defineModule = (definition: ModuleDefinition): ModuleDefinition => definition;

/** The definitions that apply to this configuration. */
export const enabledModules = (modules: readonly ModuleDefinition[], config: AppConfig) =>
  modules.filter((m) => m.enabled?.(config) ?? true);

/** Every job of the modules with its default period, by name; two jobs of one name are a mistake. */
export function jobPeriodsOf(modules: readonly ModuleDefinition[]): Record<string, number> {
  const periods: Record<string, number> = {};
  for (const m of modules)
    for (const job of m.jobs ?? []) {
      if (job.name in periods) throw new Error(`two periodic jobs named ${job.name} (module ${m.name})`);
      periods[job.name] = job.periodMs;
    }
  return periods;
}
