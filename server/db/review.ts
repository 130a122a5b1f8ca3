/**
 * The review's part of the comments (migration 0010): threads, status, the revision, the pin with
 * its view and markup; and the decisions (approvals, requests for changes) of a project.
 */
import * as z from 'zod/mini';
import { markupSchema, noteViewSchema, notePinSchema, type DecisionKind, type MarkupShape, type NotePin, type NoteStatus, type NoteView } from '../../src/api/reviewSchemas';
import { approvedQuoteSchema, type ApprovedQuote } from '../../src/api/quoteSchemas';
import type { Db } from './database';

/** A comment's review fields as a list answers them: the pin, never the view or the markup. */
export interface CommentReview {
  parentId: number | null;
  status: NoteStatus;
  revisionNumber: number | null;
  pin: NotePin | null;
  /** The note has a view or a markup, read alone with `findCommentAnchor`. */
  hasView: boolean;
  /** Seconds. */
  resolvedAt: number | null;
}

const anchorSchema = z.object({ pin: z.nullable(notePinSchema), view: z.nullable(noteViewSchema), markup: markupSchema });
type Anchor = z.infer<typeof anchorSchema>;
const NO_ANCHOR: Anchor = { pin: null, view: null, markup: [] };

/**
 * An anchor as the server wrote it (checked then). Read back, it is parsed, not checked again: a
 * whole project's anchors through the schema took seconds of the event loop on each read.
 */
function parseAnchor(text: string | null): Anchor {
  if (text === null) return NO_ANCHOR;
  try {
    const parsed = JSON.parse(text) as Partial<Anchor> | null;
    if (parsed && typeof parsed === 'object') return { pin: parsed.pin ?? null, view: parsed.view ?? null, markup: Array.isArray(parsed.markup) ? parsed.markup : [] };
  } catch {
    // A damaged anchor reads as none: the comment itself stays.
  }
  return NO_ANCHOR;
}

function parsePin(text: string | null): NotePin | null {
  if (text === null) return null;
  try {
    const parsed = z.safeParse(notePinSchema, JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The review fields of every comment of a project, by comment id: pins, not views or markups. */
export async function listCommentReviews(db: Db, projectId: number): Promise<Map<number, CommentReview>> {
  const rows = await db
    .selectFrom('comments')
    .select(['id', 'parent_id', 'status', 'revision_number', 'pin', 'anchor_bytes', 'resolved_at'])
    .where('project_id', '=', projectId)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        parentId: row.parent_id,
        status: row.status,
        revisionNumber: row.revision_number,
        resolvedAt: row.resolved_at === null ? null : Number(row.resolved_at),
        pin: parsePin(row.pin),
        hasView: Number(row.anchor_bytes) > 0,
      },
    ]),
  );
}

/** Every comment's whole anchor (pin, view, markup), by comment id: for the BCF export. */
export async function listCommentAnchors(db: Db, projectId: number): Promise<Map<number, Anchor>> {
  const rows = await db.selectFrom('comments').select(['id', 'anchor']).where('project_id', '=', projectId).execute();
  return new Map(rows.map((row) => [row.id, parseAnchor(row.anchor)]));
}

/** One comment's view and markup, or undefined when the project has no such comment. */
export async function findCommentAnchor(db: Db, projectId: number, id: number): Promise<Pick<Anchor, 'view' | 'markup'> | undefined> {
  const row = await db.selectFrom('comments').select('anchor').where('id', '=', id).where('project_id', '=', projectId).executeTakeFirst();
  if (!row) return undefined;
  const { view, markup } = parseAnchor(row.anchor);
  return { view, markup };
}

/** The bytes the anchors of a project's comments take, those of one user left out (the owner's). */
export async function anchorBytesNotBy(db: Db, projectId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('anchor_bytes'), eb.lit(0)).as('bytes'))
    .where('project_id', '=', projectId)
    .where((eb) => eb.or([eb('author_user_id', 'is', null), eb('author_user_id', '!=', userId)]))
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/** The JSON a new comment's anchor is written as. */
export const anchorText = (anchor: Anchor): string => JSON.stringify(anchor);

/** Writes what a new comment carries beside its text. */
export async function setCommentReview(db: Db, commentId: number, review: { parentId: number | null; revisionNumber: number | null; anchor: Anchor | null }): Promise<void> {
  const anchor = review.anchor ? anchorText(review.anchor) : null;
  await db
    .updateTable('comments')
    .set({
      parent_id: review.parentId,
      revision_number: review.revisionNumber,
      anchor,
      pin: review.anchor?.pin ? JSON.stringify(review.anchor.pin) : null,
      anchor_bytes: anchor === null ? 0 : Buffer.byteLength(anchor),
    })
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
  /** The choices and total an approval was given on. */
  quote: ApprovedQuote | null;
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
      quote: decision.quote ? JSON.stringify(decision.quote) : null,
    })
    .execute();
}

/** Newest first. */
export async function listDecisions(db: Db, projectId: number): Promise<DecisionRecord[]> {
  const rows = await db
    .selectFrom('project_decisions')
    .select(['kind', 'author_name', 'revision_number', 'created_at', 'quote'])
    .where('project_id', '=', projectId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ kind: row.kind, name: row.author_name, revisionNumber: row.revision_number, createdAt: Number(row.created_at), quote: parseQuote(row.quote) }));
}

function parseQuote(json: string | null): ApprovedQuote | null {
  if (json === null) return null;
  try {
    const parsed = approvedQuoteSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
