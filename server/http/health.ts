/**
 * What an orchestrator or an operator asks the process: `GET /healthz`, the process answers (a
 * liveness probe: restart it when this fails); `GET /readyz`, every dependency it needs answers
 * (a readiness probe: send it no traffic while this fails), each named with its state and how
 * long it took: the database, the blob store (a probe written and deleted), Redis when the limits
 * are shared through it, and the conversion queue when conversions go through one. Neither needs
 * a login, neither says more than names and states.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../db/database';
import type { ConversionQueue } from '../domain/conversionJobs';
import type { BlobStore } from '../storage/blobStore';

/** How long one dependency may take to answer before it counts as down. */
const READINESS_TIMEOUT_MS = 2000;

interface HealthDeps {
  db: Db;
  blobs: BlobStore;
  redis?: Redis;
  queue?: ConversionQueue;
  /** True once the process is stopping (drain.ts): readiness then fails at once. */
  isDraining?: () => boolean;
}

interface DependencyState {
  name: 'database' | 'blobStore' | 'redis' | 'queue';
  ok: boolean;
  ms: number;
  /** Why it is not ready (the error's message), when it is not. */
  error?: string;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

async function check(name: DependencyState['name'], probe: () => Promise<unknown>): Promise<DependencyState> {
  const started = performance.now();
  try {
    await withTimeout(probe(), READINESS_TIMEOUT_MS);
    return { name, ok: true, ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { name, ok: false, ms: Math.round(performance.now() - started), error: error instanceof Error ? error.message.slice(0, 200) : 'unreachable' };
  }
}

/** Each dependency's state, checked at once. */
function readiness(deps: HealthDeps): Promise<DependencyState[]> {
  const probeKey = `health/probe-${process.pid}`;
  const checks = [
    check('database', () => sql`SELECT 1`.execute(deps.db)),
    check('blobStore', async () => {
      await deps.blobs.put(probeKey, Buffer.from('ok'));
      await deps.blobs.delete(probeKey);
    }),
  ];
  const redis = deps.redis;
  if (redis) checks.push(check('redis', () => redis.ping()));
  const queue = deps.queue;
  if (queue) checks.push(check('queue', () => queue.waiting()));
  return Promise.all(checks);
}

export async function healthRoutes(app: FastifyInstance, deps: HealthDeps): Promise<void> {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', async (_request, reply) => {
    if (deps.isDraining?.()) {
      reply.header('cache-control', 'no-store').code(503);
      return { status: 'stopping', dependencies: [] };
    }
    const dependencies = await readiness(deps);
    const ready = dependencies.every((d) => d.ok);
    reply.header('cache-control', 'no-store').code(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not ready', dependencies };
  });
}
