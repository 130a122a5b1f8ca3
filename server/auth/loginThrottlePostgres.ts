/**
 * The login throttle in PostgreSQL, shared by every API process on the same database: a row per
 * failure and key (`ip:<address>`, `user:<username>`), counted in the window through the
 * (key, at) index. A failure's row is committed before its verdict is read, so of two processes
 * recording at once the later reader sees both: they cannot both slip under the limit. Rows that
 * left the window are deleted at most once per window and process.
 */
import type { Db } from '../db/database';
import { deleteLoginFailuresUpTo, insertLoginFailures, nthRecentLoginFailure } from '../db/sharedLimits';
import type { Clock } from '../domain/clock';
import { verdictAt, type ThrottleVerdict } from '../domain/slidingCounter';
import type { LoginThrottle, ThrottleLimits } from './loginThrottleTypes';

export function createPostgresLoginThrottle(limits: ThrottleLimits, clock: Clock, db: Db): LoginThrottle {
  const windowMs = limits.windowSeconds * 1000;
  let lastSweep = 0;

  const verdict = async (ip: string, username: string, now: number): Promise<ThrottleVerdict> => {
    const cutoff = now - windowMs;
    const ipVerdict = verdictAt(await nthRecentLoginFailure(db, `ip:${ip}`, limits.maxFailuresPerIp, cutoff), windowMs, now);
    if (!ipVerdict.allowed) return ipVerdict;
    return verdictAt(await nthRecentLoginFailure(db, `user:${username}`, limits.maxFailuresPerUser, cutoff), windowMs, now);
  };

  return {
    check: (ip, username) => verdict(ip, username, clock()),
    async recordFailure(ip, username) {
      const now = clock();
      await insertLoginFailures(db, [`ip:${ip}`, `user:${username}`], now);
      if (now - lastSweep >= windowMs) {
        lastSweep = now;
        await deleteLoginFailuresUpTo(db, now - windowMs);
      }
      return verdict(ip, username, now);
    },
  };
}
