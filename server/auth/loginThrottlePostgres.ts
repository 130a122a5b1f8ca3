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

export function createPostgresLoginThrottle(limits: ThrottleLimits, clock: Clock, db: Db): LoginThrottle {
  let lastSweep = 0;
  const read = (queries: readonly CountQuery[], cutoff: number) =>
    Promise.all(queries.map(({ key, limit }) => nthRecentLoginFailure(db, key, limit, cutoff)));

  const log: FailureLog = {
    read,
    async recordThenRead(keys, now, windowMs, queries, cutoff) {
      await insertLoginFailures(db, [...keys], now);
      if (now - lastSweep >= windowMs) {
        lastSweep = now;
        await deleteLoginFailuresUpTo(db, now - windowMs);
      }
      return read(queries, cutoff);
    },
  };

  return loginThrottleOver(log, limits, clock);
}
