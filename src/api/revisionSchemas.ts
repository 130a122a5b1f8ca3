/** The contract of revisions and of the client's approval (owner and link routes). */
import * as z from 'zod/mini';
import { INVALID_NAME, NAME_FORBIDDEN } from '../model/text/safeText';
import { quoteSelectionSchema } from '../model/quote/quoteOptions';
import { approvedQuoteSchema } from './quoteSchemas';
import { secondsDateSchema } from './wireValues';

/** Who approved which revision, when. */
export const approvalSchema = z.object({
  name: z.string(),
  date: secondsDateSchema,
  revisionNumber: z.int().check(z.positive()),
  /** The options chosen and the total, when the link offered options. */
  quote: z._default(z.nullable(approvedQuoteSchema), null),
});

/** A guest's name on an approval: 1 to 60 characters once trimmed. */
export const APPROVER_NAME_MAX = 60;

/**
 * What an approver's name may not hold (the server answers `invalid_name`): the single-line name
 * rule of `safeText.ts`, shared by every name people type (controls, text-direction marks, line
 * separators, zero-width characters), which would make the name the owner reads differ from the
 * one typed. Letters of any script, right-to-left ones included, are fine.
 */
export const APPROVER_NAME_FORBIDDEN = NAME_FORBIDDEN;
/** The approval's error code for such a name (400). */
export const INVALID_APPROVER_NAME = INVALID_NAME;

/** POST projects/accessKeys/{key}/approval. `revisionNumber`: the revision the guest saw. */
export const approvalRequestSchema = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(APPROVER_NAME_MAX)),
  revisionNumber: z.int().check(z.positive()),
  /** The options the client chose (group id -> choice id), where the link offers options. */
  options: z.optional(quoteSelectionSchema),
});
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;

/** One kept revision (GET projects/{id}/revisions, newest first). */
export const revisionSchema = z.object({
  revisionNumber: z.int().check(z.positive()),
  date: secondsDateSchema,
  authorName: z.string(),
  fileName: z.nullable(z.string()),
  modelUrl: z.string(),
  thumbnailUrl: z.string(),
});
export type Revision = z.infer<typeof revisionSchema>;
export const revisionListSchema = z.array(revisionSchema);

/** POST projects/{id}/revisions/{n}/restore: `consumeCredit` once the owner confirmed the credit. */
export const restoreRequestSchema = z.strictObject({
  consumeCredit: z.optional(z.boolean()),
  /** On an approved project: keep its stage (marked "approved revision N") rather than ask for approval again. */
  keepApproval: z.optional(z.boolean()),
});

/** The restore needs the owner's yes to spend a credit (409). */
export const CREDIT_CONFIRMATION_REQUIRED = 'credit_confirmation_required';
/** Approval refusals (the link's error codes). */
export const APPROVAL_UNAVAILABLE = 'approval_unavailable';
export const NOT_AWAITING_APPROVAL = 'not_awaiting_approval';
export const REVISION_CHANGED = 'revision_changed';

export const PART_CHANGE_KINDS = ['dimensions', 'info', 'geometry'] as const;
export type PartChangeKind = (typeof PART_CHANGE_KINDS)[number];

/** One part that differs between two revisions, matched by its path of names in the tree. */
export const partDifferenceSchema = z.object({
  status: z.enum(['added', 'removed', 'changed']),
  /** Display names from the root to the part. */
  path: z.array(z.string()),
  /** The part's id in the newer revision's model (the glTF node index); null when removed. */
  partId: z.nullable(z.string()),
  changes: z.array(z.enum(PART_CHANGE_KINDS)),
});
export type PartDifference = z.infer<typeof partDifferenceSchema>;

/** GET projects/{id}/revisions/{from}/changes?to={to}: what changed from one revision to another. */
export const revisionChangesSchema = z.object({
  from: z.int().check(z.positive()),
  to: z.int().check(z.positive()),
  counts: z.object({ added: z.int(), removed: z.int(), changed: z.int(), unchanged: z.int() }),
  parts: z.array(partDifferenceSchema),
});
export type RevisionChanges = z.infer<typeof revisionChangesSchema>;
