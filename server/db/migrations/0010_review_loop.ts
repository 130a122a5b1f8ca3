/**
 * The client's review: a comment may be a reply (`parent_id`), has a status the owner moves
 * (`open`, `resolved` at `resolved_at`), names the revision it was written on, and may carry a pin,
 * the view it was written in and a markup (`anchor`, JSON checked by src/api/reviewSchemas.ts).
 * `project_decisions` keeps every approval and every request for changes, with its revision.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../database';

export function reviewLoop(dialect: SqlDialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('comments').addColumn('parent_id', 'integer').execute();
      await db.schema.alterTable('comments').addColumn('status', 'text', (col) => col.notNull().defaultTo('open')).execute();
      await db.schema.alterTable('comments').addColumn('revision_number', 'integer').execute();
      await db.schema.alterTable('comments').addColumn('anchor', 'text').execute();
      await db.schema.alterTable('comments').addColumn('resolved_at', 'bigint').execute();
      await db.schema.createIndex('comments_open').on('comments').columns(['project_id', 'status']).where(sql.ref('parent_id'), 'is', null).execute();
      const decisions = db.schema.createTable('project_decisions');
      await (dialect === 'postgres' ? decisions.addColumn('id', 'serial', (col) => col.primaryKey()) : decisions.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement()))
        .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('author_name', 'text', (col) => col.notNull())
        .addColumn('author_user_id', 'integer')
        .addColumn('author_guest_id', 'text')
        .addColumn('revision_number', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('project_decisions_project').on('project_decisions').columns(['project_id', 'id']).execute();
    },
  };
}
