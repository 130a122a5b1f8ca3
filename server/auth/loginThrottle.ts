/**
 * Login throttling on failed attempts, over a sliding window: per address, per account and
 * address, per account from all addresses, with known devices exempt. The rule is written once, in
 * loginThrottleTypes.ts (`loginThrottleOver`); the stores below only keep failure instants.
 *
 * The counts live where the limit store says (limits/limitStore.ts): in Redis or PostgreSQL they
 * hold across every API process; in memory (SQLite, one process) they are lost on restart.
 */
import type { Clock } from '../domain/clock';
import type { ThrottleVerdict } from '../domain/slidingCounter';
import type { LimitStore } from '../limits/limitStore';
import { createPostgresLoginThrottle } from './loginThrottlePostgres';
import { createRedisLoginThrottle } from './loginThrottleRedis';
import { keepPerKey, loginThrottleOver, type FailureLog, type LoginThrottle, type ThrottleLimits } from './loginThrottleTypes';

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

interface MemoryLoginThrottle extends LoginThrottle {
  /** How many keys (addresses, accounts, pairs, devices) are remembered (for monitoring and tests). */
  trackedKeys(): number;
}

/** Instants per key in this process's memory: for one process only. */
export function memoryFailureLog(): FailureLog & { trackedKeys(): number } {
  /** Instants per key, oldest first, never longer than the largest limit asked of the key. */
  const failures = new Map<string, number[]>();
  let lastSweep = 0;

  const read = (queries: Parameters<FailureLog['read']>[0], cutoff: number) =>
    queries.map(({ key, limit }) => {
      const list = failures.get(key) ?? [];
      const nth = list[list.length - limit];
      return nth !== undefined && nth > cutoff ? nth : undefined;
    });

  return {
    read: async (queries, cutoff) => read(queries, cutoff),
    async recordThenRead(keys, now, window, queries, cutoff) {
      const keep = keepPerKey(queries);
      for (const key of keys) {
        const list = (failures.get(key) ?? []).filter((at) => at > now - window);
        list.push(now);
        const max = keep.get(key) ?? 1;
        if (list.length > max) list.splice(0, list.length - max);
        failures.set(key, list);
      }
      // Forget keys whose failures all left the window, at most once per window.
      if (now - lastSweep >= window) {
        lastSweep = now;
        for (const [key, list] of failures) if (list[list.length - 1] <= now - window) failures.delete(key);
      }
      return read(queries, cutoff);
    },
    trackedKeys: () => failures.size,
  };
}

/** Counts in this process's memory: for one process only. */
export function createMemoryLoginThrottle(limits: ThrottleLimits, clock: Clock): MemoryLoginThrottle {
  const log = memoryFailureLog();
  return { ...loginThrottleOver(log, limits, clock), trackedKeys: () => log.trackedKeys() };
}
