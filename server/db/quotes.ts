/**
 * Repository of the client's quote: a project's option groups (JSON), and the approvals given on
 * options, which a change of options or prices may reopen.
 */
import * as z from 'zod/mini';
import { NO_QUOTE_OPTIONS, quoteOptionsSchema, type QuoteOptions } from '../../src/model/quote/quoteOptions';
import type { Db } from './database';
import { bumpListVersionOfProject } from './listVersion';

/** The project's options; none when never set or no longer readable. */
export async function findQuoteOptions(db: Db, projectId: number): Promise<QuoteOptions> {
  const row = await db.selectFrom('projects').select('quote_options').where('id', '=', projectId).executeTakeFirst();
  if (!row?.quote_options) return NO_QUOTE_OPTIONS;
  try {
    const parsed = z.safeParse(quoteOptionsSchema, JSON.parse(row.quote_options));
    return parsed.success ? parsed.data : NO_QUOTE_OPTIONS;
  } catch {
    return NO_QUOTE_OPTIONS;
  }
}

export async function saveQuoteOptions(db: Db, projectId: number, options: QuoteOptions, nowSeconds: number): Promise<void> {
  await db
    .updateTable('projects')
    .set({ quote_options: options.groups.length > 0 ? JSON.stringify(options) : null, modification_date: nowSeconds })
    .where('id', '=', projectId)
    .execute();
  await bumpListVersionOfProject(db, projectId);
}

/** The owner's projects approved on options at their current revision: those a change of prices may reopen. */
export async function listQuoteApprovedProjects(db: Db, ownerId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('projects')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('approval_quote', 'is not', null)
    .whereRef('approval_revision', '=', 'revision_number')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The approval no longer holds (its options or prices changed): the project goes back to
 * `approval` from a stage an approval gave, and the approval is cleared (the decision stays in
 * the history). False when the project was not approved at that revision any more.
 */
export async function reopenApproval(db: Db, input: { projectId: number; revisionNumber: number; nowSeconds: number }): Promise<boolean> {
  const result = await db
    .updateTable('projects')
    .set({ current_stage: 'approval', approval_name: null, approval_date: null, approval_revision: null, approval_quote: null, modification_date: input.nowSeconds })
    .where('id', '=', input.projectId)
    .where('approval_revision', '=', input.revisionNumber)
    .where('current_stage', 'in', ['ready', 'production', 'installation', 'finished'])
    .executeTakeFirst();
  const moved = Number(result.numUpdatedRows) === 1;
  if (moved) await bumpListVersionOfProject(db, input.projectId);
  return moved;
}
