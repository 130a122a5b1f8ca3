/** The user's fraction of an inch for workshop measures (16, 32 or 64); null follows 1/16. */
import type { Kysely, Migration } from 'kysely';

export function inchFraction(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('preferred_inch_fraction', 'integer').execute();
    },
  };
}
