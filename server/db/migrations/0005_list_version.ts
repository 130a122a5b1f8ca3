/**
 * A counter per user that moves with every change to one of their projects (create, model, rename,
 * stage, publishing, share options, approval, delete): the project list's ETag, read with one
 * indexed lookup instead of the whole list.
 */
import type { Kysely, Migration } from 'kysely';

export function listVersion(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('projects_version', 'integer', (col) => col.notNull().defaultTo(0)).execute();
    },
  };
}
