/** The client's approval of a revision, recorded through the shared link. */
import type { Db } from './database';
import { bumpListVersionOfProject } from './listVersion';

/** Who approved which revision when, through the link. */
export interface Approval {
  name: string;
  /** Seconds. */
  date: number;
  revisionNumber: number;
}

/**
 * Records a guest's approval and moves the project to `ready`, only while it is published, waits
 * for approval and is still at the revision the guest saw; false otherwise (the caller says why).
 */
export async function approveRevision(
  db: Db,
  input: { projectId: number; revisionNumber: number; name: string; nowSeconds: number },
): Promise<boolean> {
  const result = await db
    .updateTable('projects')
    .set({
      approval_name: input.name,
      approval_date: input.nowSeconds,
      approval_revision: input.revisionNumber,
      current_stage: 'ready',
      modification_date: input.nowSeconds,
    })
    .where('id', '=', input.projectId)
    .where('is_published', '=', 1)
    .where('current_stage', '=', 'approval')
    .where('revision_number', '=', input.revisionNumber)
    .executeTakeFirst();
  const approved = Number(result.numUpdatedRows) === 1;
  if (approved) await bumpListVersionOfProject(db, input.projectId);
  return approved;
}

/**
 * The client asks for changes to the revision they saw: the project goes back to its design stage
 * (`new`), only while it is published, waits for approval and is still at that revision.
 */
export async function requestChanges(db: Db, input: { projectId: number; revisionNumber: number; nowSeconds: number }): Promise<boolean> {
  const result = await db
    .updateTable('projects')
    .set({ current_stage: 'new', modification_date: input.nowSeconds })
    .where('id', '=', input.projectId)
    .where('is_published', '=', 1)
    .where('current_stage', '=', 'approval')
    .where('revision_number', '=', input.revisionNumber)
    .executeTakeFirst();
  const moved = Number(result.numUpdatedRows) === 1;
  if (moved) await bumpListVersionOfProject(db, input.projectId);
  return moved;
}
