/**
 * The review's part of the comments (migration 0010): threads, status, the revision, the pin with
 * its view and markup; and the decisions (approvals, requests for changes) of a project.
 */
import * as z from 'zod/mini';
import { markupSchema, noteViewSchema, notePinSchema, type DecisionKind, type MarkupShape, type NotePin, type NoteStatus, type NoteView } from '../../src/api/reviewSchemas';
import type { Db } from './database';

export interface CommentReview {
  parentId: number | null;
  status: NoteStatus;
  revisionNumber: number | null;
  pin: NotePin | null;
  view: NoteView | null;
  markup: MarkupShape[];
  /** Seconds. */
  resolvedAt: number | null;
}

const anchorSchema = z.object({ pin: z.nullable(notePinSchema), view: z.nullable(noteViewSchema), markup: markupSchema });
type Anchor = z.infer<typeof anchorSchema>;

function parseAnchor(text: string | null): Anchor {
  if (text === null) return { pin: null, view: null, markup: [] };
  try {
    const parsed = z.safeParse(anchorSchema, JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // A damaged anchor reads as none: the comment itself stays.
  }
  return { pin: null, view: null, markup: [] };
}

/** The review fields of every comment of a project, by comment id. */
export async function listCommentReviews(db: Db, projectId: number): Promise<Map<number, CommentReview>> {
  const rows = await db
    .selectFrom('comments')
    .select(['id', 'parent_id', 'status', 'revision_number', 'anchor', 'resolved_at'])
    .where('project_id', '=', projectId)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      { parentId: row.parent_id, status: row.status, revisionNumber: row.revision_number, resolvedAt: row.resolved_at === null ? null : Number(row.resolved_at), ...parseAnchor(row.anchor) },
    ]),
  );
}

/** Writes what a new comment carries beside its text. */
export async function setCommentReview(db: Db, commentId: number, review: { parentId: number | null; revisionNumber: number | null; anchor: Anchor | null }): Promise<void> {
  await db
    .updateTable('comments')
    .set({ parent_id: review.parentId, revision_number: review.revisionNumber, anchor: review.anchor ? JSON.stringify(review.anchor) : null })
    .where('id', '=', commentId)
    .execute();
}

/** A comment of the project that is not a reply (the only kind a reply may answer, and the owner may resolve). */
export async function findThreadStart(db: Db, projectId: number, id: number): Promise<{ id: number; status: NoteStatus } | undefined> {
  return db
    .selectFrom('comments')
    .select(['id', 'status'])
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .where('parent_id', 'is', null)
    .executeTakeFirst();
}

export async function setCommentStatus(db: Db, projectId: number, id: number, status: NoteStatus, nowSeconds: number): Promise<boolean> {
  const result = await db
    .updateTable('comments')
    .set({ status, resolved_at: status === 'resolved' ? nowSeconds : null })
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .where('parent_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Replies go with the comment they answer; answers the ids deleted. */
export async function deleteReplies(db: Db, projectId: number, parentIds: readonly number[]): Promise<number[]> {
  if (parentIds.length === 0) return [];
  const rows = await db.deleteFrom('comments').where('project_id', '=', projectId).where('parent_id', 'in', [...parentIds]).returning('id').execute();
  return rows.map((row) => row.id);
}

/** Whether this author (logged in, or by guest cookie) wrote a comment on this revision of the project. */
export async function wroteOnRevision(db: Db, projectId: number, revisionNumber: number, author: { userId: number | null; guestId: string | null }): Promise<boolean> {
  if (author.userId === null && author.guestId === null) return false;
  const row = await db
    .selectFrom('comments')
    .select('id')
    .where('project_id', '=', projectId)
    .where('revision_number', '=', revisionNumber)
    .where((eb) => (author.userId !== null ? eb('author_user_id', '=', author.userId) : eb('author_guest_id', '=', author.guestId)))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

interface DecisionRecord {
  kind: DecisionKind;
  name: string;
  revisionNumber: number;
  /** Seconds. */
  createdAt: number;
}

export async function recordDecision(
  db: Db,
  decision: DecisionRecord & { projectId: number; authorUserId: number | null; authorGuestId: string | null },
): Promise<void> {
  await db
    .insertInto('project_decisions')
    .values({
      project_id: decision.projectId,
      kind: decision.kind,
      author_name: decision.name,
      author_user_id: decision.authorUserId,
      author_guest_id: decision.authorGuestId,
      revision_number: decision.revisionNumber,
      created_at: decision.createdAt,
    })
    .execute();
}

/** Newest first. */
export async function listDecisions(db: Db, projectId: number): Promise<DecisionRecord[]> {
  const rows = await db
    .selectFrom('project_decisions')
    .select(['kind', 'author_name', 'revision_number', 'created_at'])
    .where('project_id', '=', projectId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ kind: row.kind, name: row.author_name, revisionNumber: row.revision_number, createdAt: Number(row.created_at) }));
}
