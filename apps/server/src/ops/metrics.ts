import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DatabaseHandle } from '../db/database';
import type { CspReportCounts } from './csp-reports';
import * as money from './money-metrics.repository';
import type { Scheduler } from './scheduler';

/** Rows younger than this may still belong to a transaction in flight: counted on a later scrape. */
const SETTLE_MS = 5000;

declare module 'fastify' {
  interface FastifyReply {
    /** The §8 error code this reply carries (set by the error handler), for the metrics. */
    errorCode: string | null;
  }
}

interface MetricsOptions {
  /** Bearer token `/metrics` is served to; unset: no metrics are collected or served. */
  token: string | undefined;
  database: DatabaseHandle;
  scheduler: Scheduler;
  clock: () => number;
  /** The `/log/*` events' buffer: events waiting, written and dropped (`modules/tracking/event-buffer.ts`). */
  tracking?: { stats(): { buffered: number; written: number; dropped: Record<string, number> } };
  /** What `/api/csp-report` received: violations by directive, reports refused by the limit (`ops/csp-reports.ts`). */
  cspReports?: CspReportCounts;
}

/**
 * Prometheus metrics (prom-client) on the store's own port, `GET /metrics` with
 * `Authorization: Bearer $METRICS_TOKEN`. Without a token nothing is registered: no route and
 * no per-request hook (a hook phase costs a few percent of a small call's throughput).
 *
 * Per process: requests by route pattern, method, status and errorCode, their latency, the
 * database pool, scheduler runs, Node's event-loop lag, memory and CPU (prom-client's default
 * metrics). Store-wide (every process reports the same totals; aggregate with max, not sum):
 * coins granted and spent and orders, read from the ledger and orders tables.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  app.decorateReply('errorCode', null);
  const { token } = options;
  if (!token) return;
  const register = new Registry();
  collectDefaultMetrics({ register, prefix: 'hondana_' });

  const requests = new Counter({
    name: 'hondana_http_requests_total',
    help: 'HTTP responses by route pattern, method, status and §8 errorCode',
    labelNames: ['route', 'method', 'status', 'error_code'] as const,
    registers: [register],
  });
  const latency = new Histogram({
    name: 'hondana_http_request_duration_seconds',
    help: 'Time from the request to its response, by route pattern',
    labelNames: ['route', 'method'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [register],
  });
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ route, method: request.method, status: reply.statusCode, error_code: reply.errorCode ?? '' });
    latency.observe({ route, method: request.method }, reply.elapsedTime / 1000);
    done();
  });

  const pool = options.database.pool;
  new Gauge({
    name: 'hondana_db_pool_connections',
    help: 'Database pool connections: in use, idle, and requests waiting for one (PostgreSQL)',
    labelNames: ['state'] as const,
    registers: [register],
    collect() {
      if (!pool) return;
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  const runs = new Counter({
    name: 'hondana_scheduler_runs_total',
    help: 'Scheduled job runs in this process: ran, failed, or skipped (not due or held by another process)',
    labelNames: ['job', 'outcome'] as const,
    registers: [register],
  });
  const items = new Counter({
    name: 'hondana_scheduler_items_total',
    help: 'Items the scheduled jobs of this process handled',
    labelNames: ['job'] as const,
    registers: [register],
  });
  for (const job of options.scheduler.jobNames) for (const outcome of ['ran', 'failed', 'skipped']) runs.inc({ job, outcome }, 0);
  options.scheduler.onRun((run) => {
    runs.inc({ job: run.name, outcome: run.outcome });
    if (run.items) items.inc({ job: run.name }, run.items);
  });

  if (options.tracking) registerTrackingMetrics(register, options.tracking);
  if (options.cspReports) registerCspMetrics(register, options.cspReports);

  const granted = new Counter({
    name: 'hondana_coins_granted_total',
    help: 'Store-wide: amounts granted per currency (COIN, MANGA_COIN, POINT) by ledger kind (GRANT, ADJUST, REFUND)',
    labelNames: ['currency', 'kind'] as const,
    registers: [register],
  });
  const spent = new Counter({
    name: 'hondana_coins_spent_total',
    help: 'Store-wide: amounts spent per currency (SPEND entries), and expired (EXPIRE)',
    labelNames: ['currency', 'kind'] as const,
    registers: [register],
  });
  const orders = new Counter({
    name: 'hondana_orders_total',
    help: 'Store-wide: orders (BOOK purchases, MANGA_COIN pack purchases) by their status 5 s after creation',
    labelNames: ['kind', 'status'] as const,
    registers: [register],
  });
  const cursor = { ledger: 0, orders: 0 };
  let catchingUp: Promise<void> | null = null;
  const catchUp = async () => {
    const { db } = options.database;
    const settledAt = options.clock() - SETTLE_MS;
    const ledger = await money.ledgerTotalsBetween(db, cursor.ledger, settledAt);
    for (const row of ledger.rows) {
      if (row.amount > 0) granted.inc({ currency: row.currency, kind: row.kind }, row.amount);
      else if (row.amount < 0) spent.inc({ currency: row.currency, kind: row.kind }, -row.amount);
    }
    cursor.ledger = ledger.upTo;
    const made = await money.ordersBetween(db, cursor.orders, settledAt);
    for (const row of made.rows) orders.inc({ kind: row.kind, status: row.status }, row.count);
    cursor.orders = made.upTo;
  };

  app.get('/metrics', { compress: false }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ errorCode: 'UNAUTHORIZED' });
    }
    catchingUp ??= catchUp().finally(() => (catchingUp = null));
    await catchingUp.catch((error: unknown) => request.log.warn({ err: error }, 'metrics: the ledger could not be read'));
    return reply.type(register.contentType).send(await register.metrics());
  });
}

/** The tracking buffer's counts, read at each scrape: a counter moves by what changed since the last one. */
function registerTrackingMetrics(register: Registry, tracking: NonNullable<MetricsOptions['tracking']>): void {
  const seen = { written: 0, dropped: new Map<string, number>() };
  new Gauge({
    name: 'hondana_tracking_events_buffered',
    help: 'Tracking events (/log/*) waiting in this process for their batch write',
    registers: [register],
    collect() {
      this.set(tracking.stats().buffered);
    },
  });
  new Counter({
    name: 'hondana_tracking_events_written_total',
    help: 'Tracking events (/log/*) this process wrote into the events table',
    registers: [register],
    collect() {
      const { written } = tracking.stats();
      this.inc(written - seen.written);
      seen.written = written;
    },
  });
  new Counter({
    name: 'hondana_tracking_events_dropped_total',
    help: 'Tracking events (/log/*) this process dropped: buffer full, batch write failed, or after shutdown began',
    labelNames: ['reason'] as const,
    registers: [register],
    collect() {
      for (const [reason, n] of Object.entries(tracking.stats().dropped)) {
        this.inc({ reason }, n - (seen.dropped.get(reason) ?? 0));
        seen.dropped.set(reason, n);
      }
    },
  });
}

/** The Content-Security-Policy violations browsers reported, read at each scrape like the tracking counts. */
function registerCspMetrics(register: Registry, counts: CspReportCounts): void {
  const seen = new Map<string, number>();
  let seenLimited = 0;
  new Counter({
    name: 'hondana_csp_violations_total',
    help: 'Content-Security-Policy violations reported to /api/csp-report in this process, by effective directive',
    labelNames: ['directive'] as const,
    registers: [register],
    collect() {
      for (const [directive, n] of counts.violations) {
        this.inc({ directive }, n - (seen.get(directive) ?? 0));
        seen.set(directive, n);
      }
    },
  });
  new Counter({
    name: 'hondana_csp_reports_limited_total',
    help: 'Reports to /api/csp-report this process refused (429): over the per-address limit',
    registers: [register],
    collect() {
      this.inc(counts.limited - seenLimited);
      seenLimited = counts.limited;
    },
  });
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
