/**
 * Logs of instants per key where the limit store says (limits/limitStore.ts): the login throttle's
 * failures and the guests' notes are counted the same way, in Redis or PostgreSQL for every API
 * process, or in this process's memory.
 */
import { memoryFailureLog } from '../auth/loginThrottle';
import { postgresFailureLog } from '../auth/loginThrottlePostgres';
import { redisFailureLog } from '../auth/loginThrottleRedis';
import type { FailureLog } from '../auth/loginThrottleTypes';
import type { LimitStore } from './limitStore';

/** A log whose keys live under `namespace` (`note:comment:`...), rows of it swept after `windowMs`. */
export function failureLogFor(store: LimitStore, namespace: string, windowMs: number): FailureLog {
  switch (store.kind) {
    case 'redis':
      return redisFailureLog(store.redis, namespace);
    case 'postgres':
      return postgresFailureLog(store.db, windowMs, namespace);
    case 'memory':
      return memoryFailureLog();
  }
}
