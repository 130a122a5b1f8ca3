/**
 * A comment's pin beside its anchor (`pin`, JSON), and the anchor's size (`anchor_bytes`): a list
 * of comments reads the pins only, never the views and markups, and the guests' anchors of a
 * project are summed without reading them (src/api/reviewSchemas.ts, GUEST_ANCHORS_MAX_BYTES).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../database';

export function notePins(dialect: SqlDialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('comments').addColumn('pin', 'text').execute();
      await db.schema.alterTable('comments').addColumn('anchor_bytes', 'integer', (col) => col.notNull().defaultTo(0)).execute();
      // The anchors written before: their pins copied out (JSON null stays SQL null), their sizes counted.
      const pin = dialect === 'postgres' ? sql`nullif((anchor::json -> 'pin')::text, 'null')` : sql`json_extract(anchor, '$.pin')`;
      await db.updateTable('comments').set({ pin, anchor_bytes: sql`octet_length(anchor)` }).where('anchor', 'is not', null).execute();
    },
  };
}
