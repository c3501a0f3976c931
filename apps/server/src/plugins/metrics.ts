import { API_BASE, translate } from '@pv/contract';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sendEnvelope } from './errors.js';

/** Addresses that may read the metrics without signing in: this host. */
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * The server's figures in the Prometheus text format (prom-client), one registry per app (tests
 * build several in one process): ingest rates (accepted, rejected, refused… as counters),
 * batch sizes and write times, the ingest queue depth, refused sign-ins (console and MQTT) and
 * request latencies by route pattern. Answered at GET /photo_voltaic/metrics to this host only
 * (by the client address, X-Forwarded-For counting only behind TRUST_PROXY); anyone else gets
 * a 404, as if there were no such route. /health says only up or down.
 */
export class ServerMetrics {
  readonly registry = new Registry();
  readonly batchSize: Histogram;
  readonly requestSeconds: Histogram<'method' | 'route' | 'status'>;
  readonly consoleLoginsRefused: Counter<'reason'>;

  constructor(app: FastifyInstance) {
    const registry = this.registry;
    collectDefaultMetrics({ register: registry, prefix: 'pv_' });
    this.batchSize = new Histogram({
      name: 'pv_ingest_batch_size',
      help: 'Messages per committed ingest batch',
      buckets: [1, 5, 10, 50, 100, 250, 500, 1000, 2500],
      registers: [registry],
    });
    this.requestSeconds = new Histogram({
      name: 'pv_http_request_duration_seconds',
      help: 'API request latency by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    this.consoleLoginsRefused = new Counter({
      name: 'pv_console_logins_refused_total',
      help: 'Console sign-ins refused, by reason (credentials, disabled, throttled)',
      labelNames: ['reason'],
      registers: [registry],
    });
    // the ingest's and the broker's own counters, read at each scrape
    const counters: [name: string, help: string, read: () => number | undefined][] = [
      ['pv_ingest_accepted_total', 'Device messages written', () => app.ingest.stats.accepted],
      ['pv_ingest_rejected_total', 'Device messages refused as invalid', () => app.ingest.stats.rejected],
      ['pv_ingest_batches_total', 'Ingest batches committed', () => app.ingest.stats.batches],
      [
        'pv_ingest_unknown_subs_total',
        'Sub-device entries of unregistered sub SNs',
        () => app.ingest.stats.unknownSubs,
      ],
      [
        'pv_ingest_refused_http_total',
        'Device HTTP requests with a wrong SN or key',
        () => app.ingest.stats.refusedHttp,
      ],
      ['pv_mqtt_logins_refused_total', 'MQTT sign-ins refused', () => app.deviceLink?.stats.refusedLogins],
      [
        'pv_mqtt_topics_refused_total',
        'MQTT publishes to a topic not the device’s',
        () => app.deviceLink?.stats.refusedTopics,
      ],
      ['pv_mqtt_malformed_total', 'MQTT payloads that were not valid messages', () => app.deviceLink?.stats.malformed],
    ];
    for (const [name, help, read] of counters) {
      let seen = 0;
      new Counter({
        name,
        help,
        registers: [registry],
        collect() {
          const now = read() ?? seen;
          // a new ingest thread starts its counts from zero: the counter never goes back
          if (now > seen) this.inc(now - seen);
          seen = Math.max(seen, now);
        },
      });
    }
    new Gauge({
      name: 'pv_ingest_queue_depth',
      help: 'Device messages waiting to be written',
      registers: [registry],
      collect() {
        this.set(app.ingest.queued);
      },
    });
    new Gauge({
      name: 'pv_ingest_last_flush_seconds',
      help: 'Write time of the last ingest batch',
      registers: [registry],
      collect() {
        this.set(app.ingest.stats.lastFlushMs / 1000);
      },
    });
    new Gauge({
      name: 'pv_broker_up',
      help: '1 when the device broker link is up',
      registers: [registry],
      collect() {
        this.set(app.deviceLink?.connected ? 1 : 0);
      },
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ServerMetrics;
  }
}

/** The metrics registry, the request-latency and refused-sign-in hooks, and GET /metrics. */
export function registerMetrics(app: FastifyInstance) {
  const metrics = app.metrics;
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url;
    if (!route?.startsWith(API_BASE)) return;
    metrics.requestSeconds.observe(
      { method: req.method, route: route.slice(API_BASE.length) || '/', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    if (route === `${API_BASE}/login` && reply.statusCode >= 400) {
      const reason = reply.statusCode === 429 ? 'throttled' : reply.statusCode === 403 ? 'disabled' : 'credentials';
      metrics.consoleLoginsRefused.inc({ reason });
    }
  });
  app.get(
    `${API_BASE}/metrics`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Server figures in the Prometheus text format (from this host only; 404 elsewhere)',
        hide: true,
      },
    },
    async (req, reply) => {
      if (!LOOPBACK.test(req.ip))
        return sendEnvelope(
          reply,
          404,
          translate(req.lang, 'error.routeNotFound', { method: req.method, url: `${API_BASE}/metrics` }),
        );
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    },
  );
}
