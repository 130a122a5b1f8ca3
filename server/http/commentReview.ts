/**
 * What a comment carries beside SPEC's text (src/api/reviewSchemas.ts), on both paths: the checks of
 * a new comment's thread, pin, view and markup, and the review fields of a comment list.
 */
import type { ReviewCommentCreate } from '../../src/api/schemas';
import type { Db } from '../db/database';
import type { OwnedProject } from '../db/projectRows';
import { GUEST_ANCHORS_MAX_BYTES, NOTE_ANCHOR_MAX_BYTES } from '../../src/api/reviewSchemas';
import { anchorBytesNotBy, anchorText, findThreadStart, listCommentReviews, setCommentReview, type CommentReview } from '../db/review';
import { ApiError } from './errors';

const INVALID_PARENT = 'invalid_parent';

/** Checks the review fields of a new comment; throws a 400 the author can read. */
export async function checkReview(db: Db, project: Pick<OwnedProject, 'id' | 'revisionNumber' | 'ownerId'>, body: ReviewCommentCreate, isOwner: boolean): Promise<Parameters<typeof setCommentReview>[2]> {
  const hasAnchor = body.pin !== undefined || body.view !== undefined || (body.markup?.length ?? 0) > 0;
  if (body.parentId !== undefined) {
    if (hasAnchor) throw new ApiError(400, INVALID_PARENT, 'A reply carries no pin, view or markup of its own.');
    if (!(await findThreadStart(db, project.id, body.parentId))) throw new ApiError(400, INVALID_PARENT, 'The comment this reply answers does not exist, or is itself a reply.');
  }
  if (body.revisionNumber !== undefined && body.revisionNumber > project.revisionNumber) {
    throw new ApiError(400, 'bad_request', 'revisionNumber: this revision does not exist yet.');
  }
  const anchor = hasAnchor ? { pin: body.pin ?? null, view: body.view ?? null, markup: body.markup ?? [] } : null;
  if (anchor) {
    const bytes = Buffer.byteLength(anchorText(anchor));
    if (bytes > NOTE_ANCHOR_MAX_BYTES) throw new ApiError(400, 'bad_request', `A note's view and markup take at most ${NOTE_ANCHOR_MAX_BYTES / 1024} KB.`);
    // The guests' views and markups of one project together: what a read of its notes may cost.
    if (!isOwner && (await anchorBytesNotBy(db, project.id, project.ownerId)) + bytes > GUEST_ANCHORS_MAX_BYTES) {
      throw new ApiError(409, 'too_many_comments', `The notes of this link hold at most ${GUEST_ANCHORS_MAX_BYTES / 1024 / 1024} MB of views and markups; send the note without a markup, or ask the owner to delete older notes.`);
    }
  }
  return { parentId: body.parentId ?? null, revisionNumber: body.revisionNumber ?? project.revisionNumber, anchor };
}

export { setCommentReview };

const NO_REVIEW: CommentReview = { parentId: null, status: 'open', revisionNumber: null, pin: null, hasView: false, resolvedAt: null };

/** The list's comments with their review fields. */
export async function withReviews<T extends { id: number }>(db: Db, projectId: number, comments: T[]): Promise<(T & CommentReview)[]> {
  const reviews = await listCommentReviews(db, projectId);
  return comments.map((comment) => ({ ...comment, ...(reviews.get(comment.id) ?? NO_REVIEW) }));
}
