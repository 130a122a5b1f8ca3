/**
 * Repository of kept revisions. A row is written in the transaction that makes a revision current
 * (projects.ts), so the list and the project never disagree; rows beyond the kept number are
 * removed after a new revision commits, their folders with them.
 */
import { conversionNotesSchema, type ConversionNote } from '../../src/api/conversionNotes';
import type { Db } from './database';

export interface Revision {
  projectId: number;
  revisionNumber: number;
  /** Seconds. */
  createdAt: number;
  authorName: string;
  fileName: string | null;
  modelBlobKey: string;
  originalBlobKey: string | null;
  modelToken: string;
  conversionNotes: ConversionNote[];
}

interface NewRevision {
  projectId: number;
  revisionNumber: number;
  createdAt: number;
  authorUserId: number | null;
  fileName: string | null;
  modelBlobKey: string;
  originalBlobKey: string | null;
  modelToken: string;
  conversionNotes: ConversionNote[];
}

function parseNotes(json: string): ConversionNote[] {
  try {
    const parsed = conversionNotesSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export async function insertRevision(db: Db, revision: NewRevision): Promise<void> {
  await db
    .insertInto('revisions')
    .values({
      project_id: revision.projectId,
      revision_number: revision.revisionNumber,
      created_at: revision.createdAt,
      author_user_id: revision.authorUserId,
      file_name: revision.fileName,
      model_blob_key: revision.modelBlobKey,
      original_blob_key: revision.originalBlobKey,
      model_token: revision.modelToken,
      conversion_notes: JSON.stringify(revision.conversionNotes),
    })
    .execute();
}

function selectRevisions(db: Db) {
  return db
    .selectFrom('revisions')
    .leftJoin('users', 'users.id', 'revisions.author_user_id')
    .selectAll('revisions')
    .select(['users.full_name as author_full_name', 'users.username as author_username']);
}

type RevisionJoinRow = Awaited<ReturnType<ReturnType<typeof selectRevisions>['executeTakeFirstOrThrow']>>;

function toRevision(row: RevisionJoinRow): Revision {
  return {
    projectId: row.project_id,
    revisionNumber: row.revision_number,
    createdAt: Number(row.created_at),
    authorName: row.author_full_name?.trim() || row.author_username || '',
    fileName: row.file_name,
    modelBlobKey: row.model_blob_key,
    originalBlobKey: row.original_blob_key,
    modelToken: row.model_token,
    conversionNotes: parseNotes(row.conversion_notes),
  };
}

/** Newest first. */
export async function listRevisions(db: Db, projectId: number): Promise<Revision[]> {
  const rows = await selectRevisions(db).where('revisions.project_id', '=', projectId).orderBy('revisions.revision_number', 'desc').execute();
  return rows.map(toRevision);
}

export async function findRevision(db: Db, projectId: number, revisionNumber: number): Promise<Revision | undefined> {
  const row = await selectRevisions(db)
    .where('revisions.project_id', '=', projectId)
    .where('revisions.revision_number', '=', revisionNumber)
    .executeTakeFirst();
  return row && toRevision(row);
}

export interface ModelFile {
  projectId: number;
  revisionNumber: number;
  modelBlobKey: string;
}

/** The kept revision a model URL secret stands for, with its project's current revision number. */
export async function findModelByToken(db: Db, token: string): Promise<(ModelFile & { currentRevision: number }) | undefined> {
  const row = await db
    .selectFrom('revisions')
    .innerJoin('projects', 'projects.id', 'revisions.project_id')
    .select(['revisions.project_id', 'revisions.revision_number', 'revisions.model_blob_key', 'projects.revision_number as current_revision'])
    .where('revisions.model_token', '=', token)
    .executeTakeFirst();
  return (
    row && {
      projectId: row.project_id,
      revisionNumber: row.revision_number,
      modelBlobKey: row.model_blob_key,
      currentRevision: row.current_revision,
    }
  );
}

/**
 * Forgets every revision of the project but the newest `keep` (the current one is the newest);
 * returns the revision numbers removed, whose folders the caller deletes.
 */
export async function pruneRevisions(db: Db, projectId: number, keep: number): Promise<number[]> {
  const rows = await db
    .selectFrom('revisions')
    .select('revision_number')
    .where('project_id', '=', projectId)
    .orderBy('revision_number', 'desc')
    .offset(Math.max(1, keep))
    .limit(1_000_000)
    .execute();
  const numbers = rows.map((row) => row.revision_number);
  if (numbers.length > 0) {
    await db.deleteFrom('revisions').where('project_id', '=', projectId).where('revision_number', 'in', numbers).execute();
  }
  return numbers;
}

/** Revision numbers kept per project, for the start-up sweep. */
export async function keptRevisionNumbers(db: Db): Promise<Map<number, Set<number>>> {
  const kept = new Map<number, Set<number>>();
  for (const row of await db.selectFrom('revisions').select(['project_id', 'revision_number']).execute()) {
    const set = kept.get(row.project_id) ?? new Set<number>();
    set.add(row.revision_number);
    kept.set(row.project_id, set);
  }
  return kept;
}
