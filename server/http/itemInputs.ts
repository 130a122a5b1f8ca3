/**
 * Bodies of comment and hyperlink creation: the contract's schemas, plus what the databases cannot
 * store (NUL characters); hyperlink URLs are kept in their parsed, normalised form.
 */
import * as z from 'zod/mini';
import { attachmentCreateSchema, reviewCommentCreateSchema } from '../../src/api/schemas';

const hasNoNul = (...values: string[]) => values.every((value) => !value.includes('\u0000'));
const NUL_MESSAGE = 'Text must not contain NUL characters.';

export const commentInputSchema = reviewCommentCreateSchema.check(z.refine((body) => hasNoNul(body.authorName, body.text), NUL_MESSAGE));

export const attachmentInputSchema = z.pipe(
  attachmentCreateSchema.check(z.refine((body) => hasNoNul(body.authorName, body.name, body.url), NUL_MESSAGE)),
  z.transform((body: z.output<typeof attachmentCreateSchema>) => ({ ...body, url: new URL(body.url).href })),
);
