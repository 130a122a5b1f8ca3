/**
 * The live review events (server-sent events of `GET projects/events` for the owner and
 * `GET projects/accessKeys/{key}/events` for a link): each names what changed, and the page reads
 * it again through the usual routes. `event:` is the type; `data:` the JSON below.
 */
import * as z from 'zod/mini';
import { DECISION_KINDS } from './reviewSchemas';

export const REVIEW_EVENTS_CHANNEL = 'review_events';

export const reviewEventSchema = z.discriminatedUnion('type', [
  /** A comment or reply was written, deleted, resolved or reopened. */
  z.object({ type: z.literal('note'), projectId: z.int(), noteId: z.int() }),
  /** The client approved the revision, or asked for changes (owner only). */
  z.object({ type: z.literal('decision'), projectId: z.int(), kind: z.enum(DECISION_KINDS), name: z.string(), revisionNumber: z.int() }),
  /** Another revision became current. */
  z.object({ type: z.literal('revision'), projectId: z.int(), revisionNumber: z.int() }),
  /** The owner moved the project to another stage (a link then offers, or stops offering, its decision). */
  z.object({ type: z.literal('stage'), projectId: z.int(), stage: z.string() }),
]);
export type ReviewEvent = z.infer<typeof reviewEventSchema>;

/** Reads the events of an SSE text stream as they arrive; unknown or damaged events are skipped. */
export function parseEventStream(onEvent: (event: ReviewEvent) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (!data) continue;
      try {
        const parsed = reviewEventSchema.safeParse(JSON.parse(data));
        if (parsed.success) onEvent(parsed.data);
      } catch {
        // A damaged event is skipped; the next one may be fine.
      }
    }
  };
}
