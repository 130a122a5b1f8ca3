/**
 * A store of `@fastify/rate-limit` on PostgreSQL (the plugin's store interface: `incr`, `read`,
 * `child`), for API processes that share a database but no Redis. It counts like the plugin's own
 * stores (a fixed window opened by a key's first request), one upserted row per key, with the
 * app's clock; expired rows are deleted at most once per window and process.
 */
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/database';
import { deleteExpiredRateCounters, incrementRateCounter, readRateCounter, type RateCount } from '../db/sharedLimits';
import type { Clock } from '../domain/clock';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

export function postgresRateLimitStore(db: Db, clock: Clock, keyPrefix = 'link:'): FastifyRateLimitStoreCtor {
  let lastSweep = 0;

  const answer = (count: Promise<RateCount>, now: number, callback: Callback) => {
    count.then(
      ({ current, expiresAtMs }) => callback(null, { current, ttl: Math.max(0, expiresAtMs - now) }),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  };

  class PostgresRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(_options?: FastifyRateLimitOptions, prefix = keyPrefix) {
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = clock();
      const counted = incrementRateCounter(db, this.prefix + key, now, timeWindow).then(async (count) => {
        if (now - lastSweep >= timeWindow) {
          lastSweep = now;
          await deleteExpiredRateCounters(db, now);
        }
        return count;
      });
      answer(counted, now, callback);
    }

    read(key: string, callback: Callback): void {
      const now = clock();
      answer(readRateCounter(db, this.prefix + key, now), now, callback);
    }

    /** A route with its own limit counts apart, like the plugin's Redis store. */
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the route's merged options, the route itself as `routeInfo`.
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new PostgresRateLimitStore(undefined, `${this.prefix}${String(route?.method ?? '')}${String(route?.url ?? '')}-`);
    }
  }
  return PostgresRateLimitStore;
}
