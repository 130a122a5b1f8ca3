/**
 * The login throttle in Redis, shared by every API process: one sorted set of failure instants per
 * key (`login:ip:<address>`, `login:user:<username>`, `login:ipuser:<address> <username>`,
 * `login:device:<id>`, under the client's key prefix). A failure is recorded under every key of the
 * attempt and the counts read back by one Lua script, which Redis runs alone: two processes
 * recording at once cannot both see a count below its limit. Each set is cut to the window and to
 * the largest limit asked of it, and expires a window after its last failure.
 */
import { randomBytes } from 'node:crypto';
import type { Redis, Result } from 'ioredis';
import type { Clock } from '../domain/clock';
import { keepPerKey, loginThrottleOver, type CountQuery, type FailureLog, type LoginThrottle, type ThrottleLimits } from './loginThrottleTypes';

const PREFIX = 'login:';

/**
 * KEYS: the keys to record under. ARGV: now, cutoff (now - window), window, member, then for each
 * key the number of instants to keep, then the queries as pairs (index in KEYS, limit). Answers per
 * query the limit-th most recent instant, or '' when fewer are.
 */
const RECORD_FAILURE = `
local n = #KEYS
for i = 1, n do
  local key = KEYS[i]
  redis.call('ZREMRANGEBYSCORE', key, '-inf', ARGV[2])
  redis.call('ZADD', key, ARGV[1], ARGV[4])
  redis.call('ZREMRANGEBYRANK', key, 0, -(tonumber(ARGV[4 + i]) + 1))
  redis.call('PEXPIRE', key, ARGV[3])
end
local answer = {}
local q = 0
for j = 5 + n, #ARGV, 2 do
  q = q + 1
  local limit = tonumber(ARGV[j + 1])
  local nth = redis.call('ZRANGE', KEYS[tonumber(ARGV[j])], -limit, -limit, 'WITHSCORES')[2]
  answer[q] = nth or ''
end
return answer
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    cvRecordLoginFailures(numKeys: number, ...keysAndArgs: string[]): Result<string[], Context>;
  }
}

/** Instants per key in Redis sorted sets under `prefix` (the login throttle's, or another limit's). */
export function redisFailureLog(redis: Redis, prefix = PREFIX): FailureLog {
  if (typeof (redis as unknown as Record<string, unknown>).cvRecordLoginFailures !== 'function') {
    redis.defineCommand('cvRecordLoginFailures', { lua: RECORD_FAILURE });
  }
  const inWindow = (value: string | undefined, cutoff: number): number | undefined => {
    const at = value ? Number(value) : undefined;
    return at !== undefined && at > cutoff ? at : undefined;
  };

  return {
    async read(queries: readonly CountQuery[], cutoff) {
      const pipeline = redis.pipeline();
      for (const { key, limit } of queries) pipeline.zrange(prefix + key, String(-limit), String(-limit), 'WITHSCORES');
      const answers = (await pipeline.exec()) ?? [];
      return queries.map((_, i) => {
        const answer = answers[i];
        if (!answer || answer[0]) throw answer?.[0] ?? new Error('Redis gave no answer');
        return inWindow((answer[1] as string[])[1], cutoff);
      });
    },
    async recordThenRead(keys, now, windowMs, queries, cutoff) {
      const keep = keepPerKey(queries);
      const args = [String(now), String(cutoff), String(windowMs), `${now}:${randomBytes(6).toString('hex')}`];
      args.push(...keys.map((key) => String(keep.get(key) ?? 1)));
      for (const { key, limit } of queries) args.push(String(keys.indexOf(key) + 1), String(limit));
      const answer = await redis.cvRecordLoginFailures(keys.length, ...keys.map((key) => prefix + key), ...args);
      return queries.map((_, i) => inWindow(answer[i], cutoff));
    },
  };
}

export function createRedisLoginThrottle(limits: ThrottleLimits, clock: Clock, redis: Redis): LoginThrottle {
  return loginThrottleOver(redisFailureLog(redis), limits, clock);
}
