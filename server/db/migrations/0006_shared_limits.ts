/**
 * The limits API processes share when PostgreSQL is the database and no Redis is configured: one
 * row per failed login per key (`ip:<address>`, `user:<username>`) for the login throttle's sliding
 * window, and one fixed-window counter per key for the shared-link rate limit. Instants are
 * milliseconds (the window is counted to the millisecond, like the in-memory throttle). SQLite gets
 * the tables too (one set of migrations) but keeps its limits in memory: it serves one process.
 */
import type { Kysely, Migration } from 'kysely';

export function sharedLimits(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('login_failures')
        .addColumn('key', 'text', (col) => col.notNull())
        .addColumn('at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('login_failures_key_at').on('login_failures').columns(['key', 'at']).execute();
      await db.schema.createIndex('login_failures_at').on('login_failures').column('at').execute();

      await db.schema
        .createTable('rate_limit_counters')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('count', 'integer', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('rate_limit_counters_expires_at').on('rate_limit_counters').column('expires_at').execute();
    },
  };
}
