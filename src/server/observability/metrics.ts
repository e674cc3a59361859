import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics (docs/decisions/052-metrics.md): one registry per process,
 * however many apps it builds, as the process's memory and event loop are one. Requests are
 * counted only when the operator can read the figures (METRICS_PORT or METRICS_TOKEN set) or
 * traces are sent: per request, counting cost more than an answer from memory.
 */
export const registry = new Registry();

// Memory, CPU, event-loop delay, garbage collection, handles: the names dashboards expect.
collectDefaultMetrics({ register: registry });

/** Seconds: from a fast cached read to a slow photo upload. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new Histogram({
  name: 'streetscope_http_request_duration_seconds',
  help: 'HTTP requests by method, route template (never the raw path) and status, with latency',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: REQUEST_BUCKETS,
  registers: [registry],
});

export const rateLimitRefusals = new Counter({
  name: 'streetscope_rate_limit_refusals_total',
  help: 'Requests refused with 429 Too Many Requests, by route template',
  labelNames: ['route'] as const,
  registers: [registry],
});

export const signInFailures = new Counter({
  name: 'streetscope_sign_in_failures_total',
  help: 'Sign-in attempts with a wrong password or recovery code, by method',
  labelNames: ['method'] as const,
  registers: [registry],
});

export const idempotentReplays = new Counter({
  name: 'streetscope_idempotent_replays_total',
  help: 'Repeated creates (an offline outbox retrying) answered from the stored answer',
  labelNames: ['route'] as const,
  registers: [registry],
});

export const cacheRequests = new Counter({
  name: 'streetscope_cache_requests_total',
  help: 'Lookups of the in-memory caches: cached answers and sessions, hit or miss',
  labelNames: ['cache', 'result'] as const,
  registers: [registry],
});

const cacheCount = (cache: string) => ({
  hit: cacheRequests.labels(cache, 'hit'),
  miss: cacheRequests.labels(cache, 'miss'),
});
/** Bound once: labels looked up on every request cost more than the count itself. */
export const answerLookups = cacheCount('answers');
export const sessionLookups = cacheCount('sessions');

export const uploadsInFlight = new Gauge({
  name: 'streetscope_uploads_in_flight',
  help: 'Photo bodies being received right now',
  registers: [registry],
});

export const uploadBytesInFlight = new Gauge({
  name: 'streetscope_upload_bytes_in_flight',
  help: 'Declared size (Content-Length) of the photo bodies being received right now',
  registers: [registry],
});

export const uploadBytes = new Counter({
  name: 'streetscope_upload_bytes_total',
  help: 'Bytes of photo bodies received and accepted',
  registers: [registry],
});

export const imageProcessing = new Histogram({
  name: 'streetscope_image_processing_seconds',
  help: 'Checking and re-encoding one uploaded photo, by result (processed or refused)',
  labelNames: ['result'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8],
  registers: [registry],
});

export const dbQueries = new Histogram({
  name: 'streetscope_db_query_duration_seconds',
  help: 'Database queries (statements, transaction ends included) by database kind',
  labelNames: ['database'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [registry],
});

/** The Postgres pools open in the process, read when scraped. */
const pools = new Set<pg.Pool>();

export function watchPool(pool: pg.Pool): void {
  pools.add(pool);
}

export function forgetPool(pool: pg.Pool): void {
  pools.delete(pool);
}

new Gauge({
  name: 'streetscope_db_pool_connections',
  help: 'Postgres pool connections: open (total), idle, and requests waiting for one',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    // The embedded database has no pool: no samples rather than zeros that look like an outage.
    if (pools.size === 0) return;
    let total = 0;
    let idle = 0;
    let waiting = 0;
    for (const pool of pools) {
      total += pool.totalCount;
      idle += pool.idleCount;
      waiting += pool.waitingCount;
    }
    this.set({ state: 'total' }, total);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
  },
});
