/** The notes of the current revision's conversion (what was lost or assumed), a JSON array. */
import { sql, type Kysely, type Migration } from 'kysely';

export function conversionNotes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('projects')
        .addColumn('conversion_notes', 'text', (col) => col.notNull().defaultTo(sql`'[]'`))
        .execute();
    },
  };
}
