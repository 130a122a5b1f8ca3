/** The client's approval of a revision, recorded through the shared link. */
import type { Updateable } from 'kysely';
import type { ApprovedQuote } from '../../src/api/quoteSchemas';
import type { Db } from './database';
import type { ProjectsTable } from './schema';
import { bumpListVersionOfProject } from './listVersion';

/** Who approved which revision when, through the link. */
export interface Approval {
  name: string;
  /** Seconds. */
  date: number;
  revisionNumber: number;
  /** The options chosen and their total, when the approval was given on options. */
  quote: ApprovedQuote | null;
}

/**
 * Applies a client's decision to the project, only while it is published, waits for approval and
 * is still at the revision the client saw; false otherwise (the caller says why).
 */
async function decideWhileAwaiting(db: Db, input: { projectId: number; revisionNumber: number }, changes: Updateable<ProjectsTable>): Promise<boolean> {
  const result = await db
    .updateTable('projects')
    .set(changes)
    .where('id', '=', input.projectId)
    .where('is_published', '=', 1)
    .where('current_stage', '=', 'approval')
    .where('revision_number', '=', input.revisionNumber)
    .executeTakeFirst();
  const moved = Number(result.numUpdatedRows) === 1;
  if (moved) await bumpListVersionOfProject(db, input.projectId);
  return moved;
}

/** Records a guest's approval and moves the project to `ready`. */
export function approveRevision(db: Db, input: { projectId: number; revisionNumber: number; name: string; nowSeconds: number; quote: ApprovedQuote | null }): Promise<boolean> {
  return decideWhileAwaiting(db, input, {
    approval_name: input.name,
    approval_quote: input.quote ? JSON.stringify(input.quote) : null,
    approval_date: input.nowSeconds,
    approval_revision: input.revisionNumber,
    current_stage: 'ready',
    modification_date: input.nowSeconds,
  });
}

/** The client asks for changes to the revision they saw: the project goes back to its design stage (`new`). */
export function requestChanges(db: Db, input: { projectId: number; revisionNumber: number; nowSeconds: number }): Promise<boolean> {
  return decideWhileAwaiting(db, input, { current_stage: 'new', modification_date: input.nowSeconds });
}
