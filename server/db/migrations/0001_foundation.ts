/**
 * The first schema: accounts, plans, tokens, and the project tables later routes fill.
 * The same migration runs on SQLite and PostgreSQL; only the auto-increment id differs.
 */
import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { SqlDialect } from '../database';

export function foundation(dialect: SqlDialect): Migration {
  const withId = <T extends string>(table: CreateTableBuilder<T, never>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (col) => col.primaryKey())
      : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());

  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('users'))
        .addColumn('username', 'text', (col) => col.notNull().unique())
        .addColumn('password_hash', 'text', (col) => col.notNull())
        .addColumn('full_name', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('avatar_url', 'text')
        .addColumn('disabled', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('preferred_language', 'text')
        .addColumn('preferred_unit', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();

      await withId(db.schema.createTable('subscription_plans'))
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('sku', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('total_credits', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('consumed_credits', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('max_update_per_credit', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('expiration_date', 'bigint', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('subscription_plans_user_idx').on('subscription_plans').column('user_id').execute();

      await db.schema
        .createTable('refresh_tokens')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('family_id', 'text', (col) => col.notNull())
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();
      await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();

      await db.schema
        .createTable('secure_tokens')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .execute();

      await withId(db.schema.createTable('projects'))
        .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('access_key', 'text', (col) => col.notNull().unique())
        .addColumn('current_stage', 'text', (col) => col.notNull().defaultTo('new'))
        .addColumn('is_published', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('share_options', 'text', (col) => col.notNull())
        .addColumn('creation_date', 'bigint', (col) => col.notNull())
        .addColumn('modification_date', 'bigint', (col) => col.notNull())
        .addColumn('revision_number', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('consumed_update_count', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('max_update_count', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('model_blob_key', 'text')
        .addColumn('model_token', 'text', (col) => col.unique())
        .addColumn('original_blob_key', 'text')
        .addColumn('original_file_name', 'text')
        .execute();
      await db.schema.createIndex('projects_owner_idx').on('projects').column('owner_id').execute();

      for (const table of ['comments', 'attachments'] as const) {
        let builder = withId(db.schema.createTable(table))
          .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
          .addColumn('author_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
          .addColumn('author_guest_id', 'text')
          .addColumn('author_name', 'text', (col) => col.notNull())
          .addColumn('author_avatar_url', 'text');
        builder =
          table === 'comments'
            ? builder.addColumn('text', 'text', (col) => col.notNull())
            : builder.addColumn('name', 'text', (col) => col.notNull()).addColumn('url', 'text', (col) => col.notNull());
        await builder.addColumn('created_at', 'bigint', (col) => col.notNull()).execute();
        await db.schema.createIndex(`${table}_project_idx`).on(table).column('project_id').execute();
      }

      await db.schema
        .createTable('branding')
        .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('logo_blob_key', 'text', (col) => col.notNull())
        .addColumn('logo_content_type', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
    },

    async down(db: Kysely<any>) {
      for (const table of [
        'branding',
        'attachments',
        'comments',
        'projects',
        'secure_tokens',
        'refresh_tokens',
        'subscription_plans',
        'users',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
