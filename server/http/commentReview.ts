/**
 * What a comment carries beside SPEC's text (src/api/reviewSchemas.ts), on both paths: the checks of
 * a new comment's thread, pin, view and markup, and the review fields of a comment list.
 */
import type { ReviewCommentCreate } from '../../src/api/schemas';
import type { Db } from '../db/database';
import type { OwnedProject } from '../db/projectRows';
import { findThreadStart, listCommentReviews, setCommentReview, type CommentReview } from '../db/review';
import { ApiError } from './errors';

const INVALID_PARENT = 'invalid_parent';

/** Checks the review fields of a new comment; throws a 400 the author can read. */
export async function checkReview(db: Db, project: Pick<OwnedProject, 'id' | 'revisionNumber'>, body: ReviewCommentCreate): Promise<Parameters<typeof setCommentReview>[2]> {
  const hasAnchor = body.pin !== undefined || body.view !== undefined || (body.markup?.length ?? 0) > 0;
  if (body.parentId !== undefined) {
    if (hasAnchor) throw new ApiError(400, INVALID_PARENT, 'A reply carries no pin, view or markup of its own.');
    if (!(await findThreadStart(db, project.id, body.parentId))) throw new ApiError(400, INVALID_PARENT, 'The comment this reply answers does not exist, or is itself a reply.');
  }
  if (body.revisionNumber !== undefined && body.revisionNumber > project.revisionNumber) {
    throw new ApiError(400, 'bad_request', 'revisionNumber: this revision does not exist yet.');
  }
  return {
    parentId: body.parentId ?? null,
    revisionNumber: body.revisionNumber ?? project.revisionNumber,
    anchor: hasAnchor ? { pin: body.pin ?? null, view: body.view ?? null, markup: body.markup ?? [] } : null,
  };
}

export { setCommentReview };

const NO_REVIEW: CommentReview = { parentId: null, status: 'open', revisionNumber: null, pin: null, view: null, markup: [], resolvedAt: null };

/** The list's comments with their review fields. */
export async function withReviews<T extends { id: number }>(db: Db, projectId: number, comments: T[]): Promise<(T & CommentReview)[]> {
  const reviews = await listCommentReviews(db, projectId);
  return comments.map((comment) => ({ ...comment, ...(reviews.get(comment.id) ?? NO_REVIEW) }));
}
