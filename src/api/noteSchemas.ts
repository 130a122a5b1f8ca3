/**
 * The contract of comments and hyperlinks (called attachments on the wire), part of schemas.ts:
 * the notes themselves, and deleting many at once on the owner's path (`DELETE projects/{id}/comments`
 * or `/attachments` with a body naming what to delete, answered with the ids it deleted).
 */
import * as z from 'zod/mini';
import { commentReviewFields, commentReviewInputSchema } from './reviewSchemas';
import { INVALID_NAME, isSafeName, isSafeText } from '../model/text/safeText';
import { secondsDateSchema } from './wireValues';

/** Most ids one bulk delete names: the largest list a project holds. */
const BULK_DELETE_MAX_IDS = 2000;

/** These notes, or every note not written by the project's owner ("guests": anyone on the link). */
export const bulkDeleteTargetSchema = z.union([
  z.strictObject({ ids: z.array(z.int().check(z.positive())).check(z.minLength(1), z.maxLength(BULK_DELETE_MAX_IDS)) }),
  z.strictObject({ authors: z.literal('guests') }),
]);
export type BulkDeleteTarget = z.infer<typeof bulkDeleteTargetSchema>;

export const bulkDeleteResultSchema = z.object({ deletedIds: z.array(z.int()) });
export type BulkDeleteResult = z.infer<typeof bulkDeleteResultSchema>;

export const commentSchema = z.object({
  id: z.int(),
  date: secondsDateSchema,
  authorName: z.string(),
  authorAvatarUrl: z.string(),
  text: z.string(),
  isDeletable: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;
/** A comment with its review fields (pin, view, markup, thread, status), as the lists answer it. */
export const reviewedCommentSchema = z.extend(commentSchema, commentReviewFields);
export type ReviewedComment = z.infer<typeof reviewedCommentSchema>;
export const reviewedCommentListSchema = z.array(reviewedCommentSchema);
export const commentListSchema = z.array(commentSchema);

export const COMMENT_MAX_LENGTH = 4000;
const AUTHOR_NAME_MAX_LENGTH = 100;
export const ATTACHMENT_NAME_MAX_LENGTH = 200;
const URL_MAX_LENGTH = 2000;

/**
 * A single-line name people type (a note's author, a hyperlink's name): the name rule of
 * safeText.ts; the server answers `invalid_name` (the issue's `params.code`).
 */
const nameRule = z.refine<string>(isSafeName, {
  message: 'The name must not contain control characters, text-direction marks, line separators or zero-width characters.',
  params: { code: INVALID_NAME },
});
/** A note's text: line feeds (CRLF read as one) and tabs, none of the other characters of the rule. */
const textRule = z.refine<string>(isSafeText, 'The text must not contain control characters (but line breaks and tabs), text-direction marks, line separators or zero-width spaces.');

export const commentCreateSchema = z.object({
  authorName: z.string().check(z.trim(), z.minLength(1), z.maxLength(AUTHOR_NAME_MAX_LENGTH), nameRule),
  text: z.string().check(
    z.overwrite((text: string) => text.replace(/\r\n/g, '\n')),
    z.trim(),
    z.minLength(1),
    z.maxLength(COMMENT_MAX_LENGTH),
    textRule,
  ),
});
/** SPEC's comment, with what a review note may carry beside it. */
export const reviewCommentCreateSchema = z.extend(commentCreateSchema, commentReviewInputSchema.shape);
export type ReviewCommentCreate = z.infer<typeof reviewCommentCreateSchema>;
export type CommentCreate = z.infer<typeof commentCreateSchema>;

export const createdItemSchema = z.object({
  id: z.int(),
  date: secondsDateSchema,
  isDeletable: z.boolean(),
});
export type CreatedItem = z.infer<typeof createdItemSchema>;

export const attachmentSchema = z.object({
  id: z.int(),
  date: secondsDateSchema,
  authorName: z.string(),
  authorAvatarUrl: z.string(),
  name: z.string(),
  url: z.string(),
  isDeletable: z.boolean(),
});
export type Attachment = z.infer<typeof attachmentSchema>;
export const attachmentListSchema = z.array(attachmentSchema);

/** Only http and https links are accepted for hyperlinks. */
export const httpUrlSchema = z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(URL_MAX_LENGTH),
  z.refine((value: string) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Only http and https links are accepted.'),
);

export const attachmentCreateSchema = z.object({
  authorName: z.string().check(z.trim(), z.minLength(1), z.maxLength(AUTHOR_NAME_MAX_LENGTH), nameRule),
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(ATTACHMENT_NAME_MAX_LENGTH), nameRule),
  url: httpUrlSchema,
});
export type AttachmentCreate = z.infer<typeof attachmentCreateSchema>;
