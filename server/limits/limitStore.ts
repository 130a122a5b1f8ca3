/**
 * Where the limits every API process must share live (the login throttle, the shared-link rate
 * limit): Redis when `REDIS_URL` is set, else PostgreSQL when it is the database, else this
 * process's memory (SQLite serves one process).
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { ConfigError, type Config } from '../config';
import type { Db } from '../db/database';

export type LimitStore = { kind: 'memory' } | { kind: 'redis'; redis: Redis } | { kind: 'postgres'; db: Db };

export function chooseLimitStore(config: Pick<Config, 'database'>, db: Db, redis: Redis | undefined): LimitStore {
  if (redis) return { kind: 'redis', redis };
  if (config.database.kind === 'postgres') return { kind: 'postgres', db };
  return { kind: 'memory' };
}

/** Every key this product writes to Redis starts with it (ioredis adds it, in scripts' keys too). */
const REDIS_KEY_PREFIX = 'cv:';

interface OpenRedisOptions {
  /** Replaces `REDIS_KEY_PREFIX` (tests keep their keys apart with one of their own). */
  keyPrefix?: string;
  /** Told once when Redis becomes unreachable and once when it answers again. */
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

/** `redis://host:port/db` without the credentials, for messages. */
function redisAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return 'REDIS_URL';
  }
}

/**
 * Connects to Redis and answers once it is ready; nothing answering is a configuration error
 * naming REDIS_URL. Commands are never queued while the connection is down: they fail at once, so
 * a limit is either checked now or known to be unchecked (see docs/decisions.md). The client keeps
 * reconnecting in the background.
 */
export async function openRedis(url: string, options: OpenRedisOptions = {}): Promise<Redis> {
  const client = new Redis(url, {
    lazyConnect: true,
    keyPrefix: options.keyPrefix ?? REDIS_KEY_PREFIX,
    connectTimeout: 5000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  });
  let started = false;
  let down = false;
  let startError: Error | undefined;
  client.on('error', (error: Error) => {
    if (!started) startError ??= error;
    if (!started || down) return;
    down = true;
    options.log?.warn(
      { err: error, redis: redisAddress(url) },
      'Redis is unreachable: logins answer 503 and shared links go unlimited until it answers again',
    );
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    options.log?.info({ redis: redisAddress(url) }, 'Redis answers again: shared limits are back');
  });
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    const reason = startError?.message ?? (error instanceof Error ? error.message : String(error));
    throw new ConfigError([`REDIS_URL: no Redis answers at ${redisAddress(url)} (${reason})`]);
  }
  started = true;
  return client;
}
