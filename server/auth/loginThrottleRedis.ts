/**
 * The login throttle in Redis, shared by every API process: one sorted set of failure instants per
 * key (`login:ip:<address>`, `login:user:<username>`, under the client's key prefix). A failure is
 * recorded and judged by one Lua script, which Redis runs alone: two processes recording at once
 * cannot both see the count below the limit. Each set is cut to the window and to the limit's
 * length, and expires a window after its last failure.
 */
import { randomBytes } from 'node:crypto';
import type { Redis, Result } from 'ioredis';
import type { Clock } from '../domain/clock';
import { verdictAt, type ThrottleVerdict } from '../domain/slidingCounter';
import type { LoginThrottle, ThrottleLimits } from './loginThrottleTypes';

/** KEYS: the IP's set, the username's set. ARGV: now, cutoff (now - window), window, IP limit, username limit, member. */
const RECORD_FAILURE = `
local answer = {}
local limits = { tonumber(ARGV[4]), tonumber(ARGV[5]) }
for i = 1, 2 do
  local key, limit = KEYS[i], limits[i]
  redis.call('ZREMRANGEBYSCORE', key, '-inf', ARGV[2])
  redis.call('ZADD', key, ARGV[1], ARGV[6])
  redis.call('ZREMRANGEBYRANK', key, 0, -(limit + 1))
  redis.call('PEXPIRE', key, ARGV[3])
  if redis.call('ZCARD', key) >= limit then
    answer[i] = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')[2]
  else
    answer[i] = ''
  end
end
return answer
`;

export const loginKeys = (ip: string, username: string): [string, string] => [`login:ip:${ip}`, `login:user:${username}`];

declare module 'ioredis' {
  interface RedisCommander<Context> {
    cvRecordLoginFailure(
      ipKey: string,
      userKey: string,
      now: string,
      cutoff: string,
      windowMs: string,
      ipLimit: string,
      userLimit: string,
      member: string,
    ): Result<string[], Context>;
  }
}

export function createRedisLoginThrottle(limits: ThrottleLimits, clock: Clock, redis: Redis): LoginThrottle {
  const windowMs = limits.windowSeconds * 1000;
  if (typeof (redis as unknown as Record<string, unknown>).cvRecordLoginFailure !== 'function') {
    redis.defineCommand('cvRecordLoginFailure', { numberOfKeys: 2, lua: RECORD_FAILURE });
  }
  const score = (value: string | undefined) => (value ? Number(value) : undefined);

  const judge = (ipNth: number | undefined, userNth: number | undefined, now: number): ThrottleVerdict => {
    const ipVerdict = verdictAt(ipNth, windowMs, now);
    return ipVerdict.allowed ? verdictAt(userNth, windowMs, now) : ipVerdict;
  };

  /** The limit-th most recent instant of a set when it is still inside the window. */
  const nthInWindow = (answer: [Error | null, unknown] | undefined, cutoff: number): number | undefined => {
    if (!answer || answer[0]) throw answer?.[0] ?? new Error('Redis gave no answer');
    const nth = score((answer[1] as string[])[1]);
    return nth !== undefined && nth > cutoff ? nth : undefined;
  };

  const ipRank = String(-limits.maxFailuresPerIp);
  const userRank = String(-limits.maxFailuresPerUser);

  return {
    async check(ip, username) {
      const now = clock();
      const [ipKey, userKey] = loginKeys(ip, username);
      const answers = await redis
        .pipeline()
        .zrange(ipKey, ipRank, ipRank, 'WITHSCORES')
        .zrange(userKey, userRank, userRank, 'WITHSCORES')
        .exec();
      const cutoff = now - windowMs;
      return judge(nthInWindow(answers?.[0], cutoff), nthInWindow(answers?.[1], cutoff), now);
    },
    async recordFailure(ip, username) {
      const now = clock();
      const [ipKey, userKey] = loginKeys(ip, username);
      const [ipNth, userNth] = await redis.cvRecordLoginFailure(
        ipKey,
        userKey,
        String(now),
        String(now - windowMs),
        String(windowMs),
        String(limits.maxFailuresPerIp),
        String(limits.maxFailuresPerUser),
        `${now}:${randomBytes(6).toString('hex')}`,
      );
      return judge(score(ipNth), score(userNth), now);
    },
  };
}
