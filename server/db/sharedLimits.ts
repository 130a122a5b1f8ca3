/**
 * Repository of the limits API processes share through PostgreSQL (migration 0006): failed logins
 * per key for the login throttle's sliding window, and fixed-window request counters for the
 * shared-link rate limit. Instants are milliseconds.
 */
import { sql } from 'kysely';
import type { Db } from './database';

export async function insertLoginFailures(db: Db, keys: string[], atMs: number): Promise<void> {
  await db
    .insertInto('login_failures')
    .values(keys.map((key) => ({ key, at: atMs })))
    .execute();
}

/**
 * The instant of the `n`-th most recent failure of `key` later than `afterMs`, or undefined when
 * fewer than `n` are: the key has reached a limit of `n` exactly when it is defined.
 */
export async function nthRecentLoginFailure(db: Db, key: string, n: number, afterMs: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('login_failures')
    .select('at')
    .where('key', '=', key)
    .where('at', '>', afterMs)
    .orderBy('at', 'desc')
    .offset(n - 1)
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.at) : undefined;
}

/** Deletes the failures at or before `atMs` (all of them left every window); answers how many. */
export async function deleteLoginFailuresUpTo(db: Db, atMs: number, keyPrefix?: string): Promise<number> {
  let query = db.deleteFrom('login_failures').where('at', '<=', atMs);
  // Another limit's rows (a shorter window) are swept by their own prefix only.
  if (keyPrefix) query = query.where('key', 'like', `${keyPrefix.replace(/[\\%_]/g, '\\$&')}%`);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface RateCount {
  /** Requests counted in the key's current window, this one included. */
  current: number;
  /** When that window ends. */
  expiresAtMs: number;
}

/**
 * Counts one request of `key` in one statement (the row is locked while it changes, so concurrent
 * processes never lose a count): the first request, or the first after the window ended, starts a
 * new window of `windowMs` at 1.
 */
export async function incrementRateCounter(db: Db, key: string, nowMs: number, windowMs: number): Promise<RateCount> {
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ key, count: 1, expires_at: nowMs + windowMs })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql`case when rate_limit_counters.expires_at <= ${nowMs} then 1 else rate_limit_counters.count + 1 end`,
        expires_at: sql`case when rate_limit_counters.expires_at <= ${nowMs} then ${nowMs + windowMs} else rate_limit_counters.expires_at end`,
      }),
    )
    .returning(['count', 'expires_at'])
    .executeTakeFirstOrThrow();
  return { current: Number(row.count), expiresAtMs: Number(row.expires_at) };
}

/** The key's count in its current window without counting (0 when none is running). */
export async function readRateCounter(db: Db, key: string, nowMs: number): Promise<RateCount> {
  const row = await db
    .selectFrom('rate_limit_counters')
    .select(['count', 'expires_at'])
    .where('key', '=', key)
    .where('expires_at', '>', nowMs)
    .executeTakeFirst();
  return row ? { current: Number(row.count), expiresAtMs: Number(row.expires_at) } : { current: 0, expiresAtMs: nowMs };
}

export async function deleteExpiredRateCounters(db: Db, nowMs: number): Promise<number> {
  const result = await db.deleteFrom('rate_limit_counters').where('expires_at', '<=', nowMs).executeTakeFirst();
  return Number(result.numDeletedRows);
}
