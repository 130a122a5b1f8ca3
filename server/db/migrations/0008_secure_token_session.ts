/**
 * A secure token remembers the session (refresh-token family) whose access token asked for it, so
 * that it dies with that session (logout, password change): `family_id`, null for a token asked
 * with an access token that names no session.
 */
import type { Kysely, Migration } from 'kysely';

export function secureTokenSession(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('secure_tokens').addColumn('family_id', 'text').execute();
    },
  };
}
