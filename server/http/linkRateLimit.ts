/**
 * The options of `@fastify/rate-limit` for the access-key (shared link) routes: one budget per
 * client IP and minute, counted where the limit store says, so that with Redis or PostgreSQL every
 * API process draws on the same budget. A store that cannot answer lets the request through
 * (`skipOnError`, see docs/decisions.md): a public, read-mostly link stays up while Redis is down.
 */
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { Clock } from '../domain/clock';
import type { LimitStore } from '../limits/limitStore';
import { postgresRateLimitStore } from '../limits/postgresRateLimitStore';
import { ApiError } from './errors';

export function linkRateLimitOptions(store: LimitStore, clock: Clock, perMinute: number): RateLimitPluginOptions {
  const common: RateLimitPluginOptions = {
    global: true,
    max: perMinute,
    timeWindow: 60_000,
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, 'too_many_requests', `Too many requests. Try again in ${context.after}.`),
  };
  switch (store.kind) {
    case 'redis':
      return { ...common, redis: store.redis, nameSpace: 'link:' };
    case 'postgres':
      return { ...common, store: postgresRateLimitStore(store.db, clock) };
    case 'memory':
      return common;
  }
}
