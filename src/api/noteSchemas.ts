/**
 * The contract of deleting many notes at once (comments or hyperlinks), on the owner's path:
 * `DELETE projects/{id}/comments` (or `/attachments`) with a body naming what to delete, answered
 * with the ids it deleted. Beside schemas.ts, which holds the notes themselves.
 */
import * as z from 'zod/mini';

/** Most ids one bulk delete names: the largest list a project holds. */
export const BULK_DELETE_MAX_IDS = 2000;

/** These notes, or every note not written by the project's owner ("guests": anyone on the link). */
export const bulkDeleteTargetSchema = z.union([
  z.strictObject({ ids: z.array(z.int().check(z.positive())).check(z.minLength(1), z.maxLength(BULK_DELETE_MAX_IDS)) }),
  z.strictObject({ authors: z.literal('guests') }),
]);
export type BulkDeleteTarget = z.infer<typeof bulkDeleteTargetSchema>;

export const bulkDeleteResultSchema = z.object({ deletedIds: z.array(z.int()) });
export type BulkDeleteResult = z.infer<typeof bulkDeleteResultSchema>;
