/**
 * Repository of projects. Every function takes a `Db`, which may be a transaction: the upload
 * work creates a project and records its model inside the transaction that spends the credit.
 */
import { sql } from 'kysely';
import type { ConversionNote } from '../../src/api/conversionNotes';
import type { ShareOptions, Stage } from '../../src/api/schemas';
import { generateAccessKey } from '../domain/accessKeys';
import { DEFAULT_SHARE_OPTIONS, type ProjectChanges } from '../domain/projectPatch';
import { INITIAL_STAGE } from '../domain/stages';
import type { Db } from './database';
import { bumpListVersion } from './listVersion';
import { selectOwned, toOwnedProject, toProject, type OwnedProject, type Project } from './projectRows';
import { insertRevision } from './revisions';
import type { ProjectRow } from './schema';

/** The files of one revision (keys from domain/projectBlobKeys.ts). */
export interface ModelRevision {
  modelBlobKey: string;
  originalBlobKey: string | null;
  originalFileName: string | null;
  conversionNotes?: ConversionNote[];
}

interface NewProject {
  ownerId: number;
  name: string;
  nowSeconds: number;
  stage?: Stage;
  isPublished?: boolean;
  shareOptions?: ShareOptions;
  consumedUpdateCount?: number;
  maxUpdateCount?: number;
  /** With a model the project starts at revision 1; without, at 0 with no model URL until `setProjectModel`. */
  model?: ModelRevision;
}

interface ProjectModelChange {
  projectId: number;
  /** The revision the caller started from: the change applies only if it is still the current one. */
  fromRevision: number;
  model: ModelRevision;
  nowSeconds: number;
  consumedUpdateCount?: number;
  maxUpdateCount?: number;
  /**
   * What an approved project does when this revision becomes current: `reopen` (the default) moves
   * a project past approval back to `approval`, for the client to approve the new revision; `keep`
   * leaves its stage, and the kept approval of the older revision marks it.
   */
  approval?: ApprovalOnNewRevision;
}

export type ApprovalOnNewRevision = 'reopen' | 'keep';
/** The stages an approval moved the project to, or past. */
const APPROVED_STAGES = ['ready', 'production', 'installation', 'finished'] as const;

export async function createProject(db: Db, input: NewProject): Promise<Project> {
  const modelToken = input.model ? generateAccessKey() : null;
  const row = await db
    .insertInto('projects')
    .values({
      owner_id: input.ownerId,
      name: input.name,
      access_key: generateAccessKey(),
      current_stage: input.stage ?? INITIAL_STAGE,
      is_published: input.isPublished ? 1 : 0,
      share_options: JSON.stringify(input.shareOptions ?? DEFAULT_SHARE_OPTIONS),
      creation_date: input.nowSeconds,
      modification_date: input.nowSeconds,
      revision_number: input.model ? 1 : 0,
      consumed_update_count: input.consumedUpdateCount ?? 0,
      max_update_count: input.maxUpdateCount ?? 0,
      model_blob_key: input.model?.modelBlobKey ?? null,
      model_token: modelToken,
      original_blob_key: input.model?.originalBlobKey ?? null,
      original_file_name: input.model?.originalFileName ?? null,
      conversion_notes: JSON.stringify(input.model?.conversionNotes ?? []),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (input.model && modelToken) await recordRevision(db, row, input.model, modelToken, input.nowSeconds);
  await bumpListVersion(db, input.ownerId);
  return toProject(row);
}

async function recordRevision(db: Db, row: ProjectRow, model: ModelRevision, modelToken: string, nowSeconds: number): Promise<void> {
  await insertRevision(db, {
    projectId: row.id,
    revisionNumber: row.revision_number,
    createdAt: nowSeconds,
    authorUserId: row.owner_id,
    fileName: model.originalFileName,
    modelBlobKey: model.modelBlobKey,
    originalBlobKey: model.originalBlobKey,
    modelToken,
    conversionNotes: model.conversionNotes ?? [],
  });
}

/**
 * Records a new model revision: the revision number goes up by one, the model URL gets a new
 * secret, the modification date moves, and the revision joins the kept list. The last approval
 * stays recorded with its revision; a project it moved past approval goes back to `approval` unless
 * the owner chose to keep its stage (`change.approval`). Returns undefined when the project is gone or another update got
 * there first (its revision is no longer `fromRevision`). Run it in a transaction.
 */
export async function setProjectModel(db: Db, change: ProjectModelChange): Promise<Project | undefined> {
  const modelToken = generateAccessKey();
  const row = await db
    .updateTable('projects')
    .set({
      revision_number: change.fromRevision + 1,
      model_blob_key: change.model.modelBlobKey,
      model_token: modelToken,
      ...(change.approval === 'keep'
        ? {}
        : {
            current_stage: sql<Stage>`case when approval_revision is not null and current_stage in (${sql.join(APPROVED_STAGES.map((s) => sql.lit(s)))}) then 'approval' else current_stage end`,
          }),
      original_blob_key: change.model.originalBlobKey,
      original_file_name: change.model.originalFileName,
      conversion_notes: JSON.stringify(change.model.conversionNotes ?? []),
      modification_date: change.nowSeconds,
      ...(change.consumedUpdateCount !== undefined ? { consumed_update_count: change.consumedUpdateCount } : {}),
      ...(change.maxUpdateCount !== undefined ? { max_update_count: change.maxUpdateCount } : {}),
    })
    .where('id', '=', change.projectId)
    .where('revision_number', '=', change.fromRevision)
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  await recordRevision(db, row, change.model, modelToken, change.nowSeconds);
  await bumpListVersion(db, row.owner_id);
  return toProject(row);
}

/** The project's current revision number, or undefined when the project does not exist. */
export async function findCurrentRevisionNumber(db: Db, id: number): Promise<number | undefined> {
  const row = await db.selectFrom('projects').select('revision_number').where('id', '=', id).executeTakeFirst();
  return row?.revision_number;
}

/** The caller's project, or undefined when it does not exist or belongs to someone else. */
export async function findOwnedProject(db: Db, id: number, ownerId: number): Promise<OwnedProject | undefined> {
  const row = await selectOwned(db).where('projects.id', '=', id).where('projects.owner_id', '=', ownerId).executeTakeFirst();
  return row && toOwnedProject(row);
}

/** Newest change first. */
export async function listOwnedProjects(db: Db, ownerId: number): Promise<OwnedProject[]> {
  const rows = await selectOwned(db)
    .where('projects.owner_id', '=', ownerId)
    .orderBy('projects.modification_date', 'desc')
    .orderBy('projects.id', 'desc')
    .execute();
  return rows.map(toOwnedProject);
}

/**
 * The project behind an access key, only while it is published. One query whatever the reason
 * for a miss (unknown, unpublished, deleted), so the answers take the same time.
 */
export async function findPublishedProject(db: Db, accessKey: string): Promise<OwnedProject | undefined> {
  const row = await selectOwned(db)
    .where('projects.access_key', '=', accessKey)
    .where('projects.is_published', '=', 1)
    .executeTakeFirst();
  return row && toOwnedProject(row);
}

/**
 * Applies changes to the caller's project and moves its modification date; false when it is not
 * theirs, or, with `whilePublished`, when it is no longer published (a concurrent unpublish won).
 */
export async function updateProject(
  db: Db,
  target: { id: number; ownerId: number; whilePublished?: boolean },
  changes: ProjectChanges,
  nowSeconds: number,
): Promise<boolean> {
  let query = db.updateTable('projects').where('id', '=', target.id).where('owner_id', '=', target.ownerId);
  if (target.whilePublished) query = query.where('is_published', '=', 1);
  const result = await query
    .set({
      modification_date: nowSeconds,
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.currentStage !== undefined ? { current_stage: changes.currentStage } : {}),
      ...(changes.isPublished !== undefined ? { is_published: changes.isPublished ? 1 : 0 } : {}),
      ...(changes.shareOptions !== undefined ? { share_options: JSON.stringify(changes.shareOptions) } : {}),
    })
    .executeTakeFirst();
  const updated = Number(result.numUpdatedRows) === 1;
  if (updated) await bumpListVersion(db, target.ownerId);
  return updated;
}

/** Deletes the caller's project with its comments and hyperlinks (run it in a transaction). */
export async function deleteProject(db: Db, target: { id: number; ownerId: number }): Promise<boolean> {
  const owned = await db
    .selectFrom('projects')
    .select('id')
    .where('id', '=', target.id)
    .where('owner_id', '=', target.ownerId)
    .executeTakeFirst();
  if (!owned) return false;
  await db.deleteFrom('comments').where('project_id', '=', target.id).execute();
  await db.deleteFrom('attachments').where('project_id', '=', target.id).execute();
  const result = await db.deleteFrom('projects').where('id', '=', target.id).executeTakeFirst();
  const deleted = Number(result.numDeletedRows) === 1;
  if (deleted) await bumpListVersion(db, target.ownerId);
  return deleted;
}

