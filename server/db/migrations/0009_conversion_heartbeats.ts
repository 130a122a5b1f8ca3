/**
 * One row per queued conversion being worked on (PostgreSQL with the job queue): the worker writes
 * the database's time into it every few seconds while it converts. An active job whose row has gone
 * quiet belongs to a worker that died; a sweeper hands it to another worker (server/jobs/heartbeats.ts).
 * Times in seconds, always the database's clock.
 */
import type { Kysely, Migration } from 'kysely';

export function conversionHeartbeats(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('conversion_heartbeats')
        .addColumn('job_id', 'text', (col) => col.primaryKey())
        .addColumn('beat_at', 'bigint', (col) => col.notNull())
        .execute();
    },
  };
}
