/** The owner's workshop settings (materials, saw, prices; src/model/cutting/workshopSettings.ts), one JSON document per user. */
import type { Kysely, Migration } from 'kysely';

export function workshopSettings(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('workshop_settings')
        .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('settings', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
    },
  };
}
