/**
 * Every kept revision of a project (its files, who made it, when, its model URL secret) and the
 * client's approval of one revision. Projects that already have a model get their current
 * revision as the first row: the files of older revisions were deleted when they were replaced.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export function revisionsAndApproval(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('revisions')
        .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('revision_number', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('author_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('file_name', 'text')
        .addColumn('model_blob_key', 'text', (col) => col.notNull())
        .addColumn('original_blob_key', 'text')
        .addColumn('model_token', 'text', (col) => col.notNull().unique())
        .addColumn('conversion_notes', 'text', (col) => col.notNull().defaultTo(sql`'[]'`))
        .addPrimaryKeyConstraint('revisions_pk', ['project_id', 'revision_number'])
        .execute();

      await sql`
        insert into revisions (project_id, revision_number, created_at, author_user_id, file_name, model_blob_key, original_blob_key, model_token, conversion_notes)
        select id, revision_number, modification_date, owner_id, original_file_name, model_blob_key, original_blob_key, model_token, conversion_notes
        from projects
        where model_blob_key is not null and model_token is not null and revision_number > 0
      `.execute(db);

      await db.schema.alterTable('projects').addColumn('approval_name', 'text').execute();
      await db.schema.alterTable('projects').addColumn('approval_date', 'bigint').execute();
      await db.schema.alterTable('projects').addColumn('approval_revision', 'integer').execute();
    },
  };
}
