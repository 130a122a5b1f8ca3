/**
 * Login throttling on failed attempts, per client IP and per username, over a sliding window.
 *
 * - An IP that reached its failure limit gets 429 for every login until its oldest failure leaves
 *   the window; the attempt that reaches the limit is answered 429 already.
 * - A username is refused only when failures against it reach a higher limit, which takes several
 *   IPs: one noisy IP cannot lock the real user out, while a spread-out guessing attack can.
 *
 * The counts live where the limit store says (limits/limitStore.ts): in Redis or PostgreSQL they
 * hold across every API process; in memory (SQLite, one process) they are lost on restart. All
 * three apply the same rule (`verdictAt`).
 */
import type { Clock } from '../domain/clock';
import { SlidingCounter, type ThrottleVerdict } from '../domain/slidingCounter';
import type { LimitStore } from '../limits/limitStore';
import { createPostgresLoginThrottle } from './loginThrottlePostgres';
import { createRedisLoginThrottle } from './loginThrottleRedis';
import type { LoginThrottle, ThrottleLimits } from './loginThrottleTypes';

export type { LoginThrottle, ThrottleLimits, ThrottleVerdict };

export function createLoginThrottle(limits: ThrottleLimits, clock: Clock, store: LimitStore = { kind: 'memory' }): LoginThrottle {
  switch (store.kind) {
    case 'redis':
      return createRedisLoginThrottle(limits, clock, store.redis);
    case 'postgres':
      return createPostgresLoginThrottle(limits, clock, store.db);
    case 'memory':
      return createMemoryLoginThrottle(limits, clock);
  }
}

export interface MemoryLoginThrottle extends LoginThrottle {
  /** How many IPs and usernames are remembered (for monitoring and tests). */
  trackedKeys(): number;
}

/** Counts in this process's memory: for one process only. */
export function createMemoryLoginThrottle(limits: ThrottleLimits, clock: Clock): MemoryLoginThrottle {
  const windowMs = limits.windowSeconds * 1000;
  const byIp = new SlidingCounter(limits.maxFailuresPerIp, windowMs);
  const byUser = new SlidingCounter(limits.maxFailuresPerUser, windowMs);

  const verdict = (ip: string, username: string): ThrottleVerdict => {
    const now = clock();
    const ipVerdict = byIp.verdict(ip, now);
    if (!ipVerdict.allowed) return ipVerdict;
    return byUser.verdict(username, now);
  };

  return {
    check: async (ip, username) => verdict(ip, username),
    async recordFailure(ip, username) {
      const now = clock();
      byIp.add(ip, now);
      byUser.add(username, now);
      return verdict(ip, username);
    },
    trackedKeys: () => byIp.size + byUser.size,
  };
}
