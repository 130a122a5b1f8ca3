/**
 * One row per queued conversion that reached its end (PostgreSQL with the job queue): `done` with
 * the project it created or updated, or `failed` with the message the user reads. The row of a
 * `done` job is written in the same transaction as the project, so a job run again after its
 * worker died finds it and only announces the answer again: never a second project, never a second
 * credit. Times in seconds.
 */
import type { Kysely, Migration } from 'kysely';

export function uploadJobs(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('upload_jobs')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('state', 'text', (col) => col.notNull())
        .addColumn('project_id', 'integer')
        .addColumn('message', 'text')
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('upload_jobs_updated_at').on('upload_jobs').column('updated_at').execute();
    },
  };
}
