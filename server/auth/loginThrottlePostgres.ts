/**
 * The login throttle in PostgreSQL, shared by every API process on the same database: a row per
 * failure and key (`ip:<address>`, `user:<username>`, `ipuser:<address> <username>`,
 * `device:<id>`), counted in the window through the (key, at) index. A failure's rows are committed
 * before its counts are read, so of two processes recording at once the later reader sees both:
 * they cannot both slip under a limit. Rows that left the window are deleted at most once per
 * window and process.
 */
import type { Db } from '../db/database';
import { deleteLoginFailuresUpTo, insertLoginFailures, nthRecentLoginFailure } from '../db/sharedLimits';
import type { Clock } from '../domain/clock';
import { loginThrottleOver, type CountQuery, type FailureLog, type LoginThrottle, type ThrottleLimits } from './loginThrottleTypes';

/**
 * Instants per key as rows of one table, keys under `namespace` (the login throttle's keys have
 * none); rows of the namespace that left `windowMs` are deleted at most once per window.
 */
export function postgresFailureLog(db: Db, windowMs: number, namespace = ''): FailureLog {
  let lastSweep = 0;
  const read = (queries: readonly CountQuery[], cutoff: number) =>
    Promise.all(queries.map(({ key, limit }) => nthRecentLoginFailure(db, namespace + key, limit, cutoff)));
  return {
    read,
    async recordThenRead(keys, now, window, queries, cutoff) {
      await insertLoginFailures(db, keys.map((key) => namespace + key), now);
      if (now - lastSweep >= windowMs) {
        lastSweep = now;
        await deleteLoginFailuresUpTo(db, now - windowMs, namespace || undefined);
      }
      return read(queries, cutoff);
    },
  };
}

export function createPostgresLoginThrottle(limits: ThrottleLimits, clock: Clock, db: Db): LoginThrottle {
  return loginThrottleOver(postgresFailureLog(db, limits.windowSeconds * 1000), limits, clock);
}
