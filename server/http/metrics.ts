/**
 * Prometheus metrics (prom-client), one registry per app: `GET /metrics` in Prometheus's text
 * format, only with `METRICS_TOKEN` set and only for `Authorization: Bearer <METRICS_TOKEN>`
 * (unset: the route answers 404 like any unknown path). What an operator reads there:
 * - `http_request_duration_seconds{method,route,status}`: latency per route pattern (never the raw
 *   URL: ids and tokens stay out, and the series stay few);
 * - `conversions_total{format,mode,outcome}` and `conversion_duration_seconds{format,outcome}`: each
 *   conversion this process asked for, in its threads (`mode="process"`) or as a job
 *   (`mode="queue"`, timed from the job's sending to its answer, so the queue's wait is in it);
 * - `conversion_queue_waiting` and `conversion_queue_oldest_seconds`: jobs no worker has taken yet
 *   and the age of the oldest (read from the queue at each scrape; 0 without a queue);
 * - `upload_sockets_open`, and `rate_limit_refusals_total{route}` (every 429 answered);
 * - Node's own process metrics (heap, event loop lag, CPU) with the `process_`/`nodejs_` prefixes.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ConversionQueue } from '../domain/conversionJobs';
import { ApiError } from './errors';

export type ConversionOutcome = 'done' | 'refused' | 'abandoned' | 'failed';

export interface Metrics {
  readonly registry: Registry;
  /** Records one conversion this process asked for. */
  conversion(fields: { fileName: string; mode: 'process' | 'queue'; outcome: ConversionOutcome; seconds: number }): void;
}

/** The formats a user uploads, as their extension; anything else counts as `other` (a bounded label). */
const FORMATS = new Set(['step', 'stp', 'iges', 'igs', 'brep', 'stl', 'obj', 'fbx', 'dae', '3ds', 'ply', 'gltf', 'glb', 'ifc', 'dxf', '3mf', 'off', 'zip', 'vok']);

function formatLabel(fileName: string): string {
  const ext = /\.([a-z0-9]{1,8})$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return FORMATS.has(ext) ? ext : 'other';
}

export function createMetrics(): Metrics & {
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  refusals: Counter<'route'>;
} {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const refusals = new Counter({ name: 'rate_limit_refusals_total', help: 'Requests refused by a rate limit (429)', labelNames: ['route'] as const, registers: [registry] });
  const conversions = new Counter({ name: 'conversions_total', help: 'Conversions asked for by this process', labelNames: ['format', 'mode', 'outcome'] as const, registers: [registry] });
  const conversionSeconds = new Histogram({
    name: 'conversion_duration_seconds',
    help: 'Time from a conversion being asked for to its answer',
    labelNames: ['format', 'outcome'] as const,
    buckets: [1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1200],
    registers: [registry],
  });
  return {
    registry,
    httpDuration,
    refusals,
    conversion({ fileName, mode, outcome, seconds }) {
      const format = formatLabel(fileName);
      conversions.inc({ format, mode, outcome });
      conversionSeconds.observe({ format, outcome }, seconds);
    },
  };
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

interface MetricsRouteDeps {
  metrics: ReturnType<typeof createMetrics>;
  token: string | undefined;
  /** The upload sockets being served (uploadSockets.ts's tracker). */
  uploads: { readonly active: number };
  queue?: ConversionQueue;
}

/** Times every answer, counts every 429, and serves `/metrics` when a token is configured. */
export function installMetrics(app: FastifyInstance, deps: MetricsRouteDeps): void {
  const { metrics, token } = deps;
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    metrics.httpDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) metrics.refusals.inc({ route });
  });
  const { registry } = metrics;
  new Gauge({ name: 'upload_sockets_open', help: 'Upload sockets being served', registers: [registry], collect() { this.set(deps.uploads.active); } });
  const queue = deps.queue;
  new Gauge({
    name: 'conversion_queue_waiting',
    help: 'Conversion jobs no worker has taken yet',
    registers: [registry],
    async collect() {
      this.set(queue ? await queue.waiting().catch(() => Number.NaN) : 0);
    },
  });
  new Gauge({
    name: 'conversion_queue_oldest_seconds',
    help: 'Age of the oldest conversion job no worker has taken yet',
    registers: [registry],
    async collect() {
      this.set(queue ? await queue.oldestWaitingSeconds().catch(() => Number.NaN) : 0);
    },
  });
  if (!token) return;
  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!sameToken(given, token)) throw new ApiError(401, 'unauthorized', 'The metrics need their token.', { 'www-authenticate': 'Bearer' });
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());
  });
}
