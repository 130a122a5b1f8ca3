/**
 * The client's quote: a project's option groups (`quote_options`, JSON of
 * src/model/quote/quoteOptions.ts), and with an approval the choices and total it was given on
 * (`approval_quote` on the project, `quote` on each decision; JSON of src/api/quoteSchemas.ts).
 */
import type { Kysely, Migration } from 'kysely';

export function quoteOptions(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('projects').addColumn('quote_options', 'text').execute();
      await db.schema.alterTable('projects').addColumn('approval_quote', 'text').execute();
      await db.schema.alterTable('project_decisions').addColumn('quote', 'text').execute();
    },
  };
}
