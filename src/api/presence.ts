/**
 * Presenting live on the wire (docs/api.md, "Presence"): one WebSocket per open viewer,
 * `GET projects/accessKeys/{key}/presence` on a link and `GET projects/{id}/presence?token=` for
 * the owner (a secure token, as the upload sockets). Both ends speak the JSON messages below.
 *
 *   client -> server: hello (the guest's name), present (on / off, the owner only), view (the
 *                     presenter's view), follow (following or not), point (a point of the model)
 *   server -> client: welcome, presence (everyone with the link open), view, point, refused, ended
 *
 * A link's presence spans every API process (server/http/presenceHub.ts); its limits are below.
 */
import * as z from 'zod/mini';
import { noteViewSchema } from './reviewSchemas';

export const PRESENCE_LIMITS = {
  /** Most viewers in one link's presence, over all processes; the next is refused `full`. */
  viewersPerLink: 100,
  /** Largest message either way (UTF-8 bytes of its JSON); a larger one is refused `tooLarge` and the socket closed. */
  messageBytes: 7_500,
  /** Messages a socket may send per second, on average, and in a burst; more are dropped (`tooFast`). */
  messagesPerSecond: 20,
  burst: 40,
  /** How long a point shows on the others' screens. */
  pointMs: 5_000,
  /** A process says who it holds this often; another process forgets them after `remoteExpiryMs` without word (a stopped process). */
  heartbeatMs: 5_000,
  remoteExpiryMs: 15_000,
  /** The server pings each socket this often and drops one that did not answer the last ping (a tab whose network died). */
  pingMs: 10_000,
  /** Longest guest name shown. */
  nameLength: 60,
} as const;

/** Closing code of a socket the server refused for good (the link full, unknown, unpublished or a message too large). */
export const PRESENCE_CLOSE_REFUSED = 4403;

const finite = z.number().check(z.refine(Number.isFinite, 'must be a finite number'));
const vec3Schema = z.tuple([finite, finite, finite]);
const partIdSchema = z.string().check(z.regex(/^\d{1,9}$/));

/** What a follower's viewer takes from the presenter's: a note's view, with the selection and the notice step. */
export const presentedViewSchema = z.extend(noteViewSchema, {
  selection: z.nullable(partIdSchema),
  /** The open step of the assembly notice (0-based), or null. */
  noticeStep: z.nullable(z.int().check(z.gte(0), z.lte(10_000))),
});
export type PresentedView = z.infer<typeof presentedViewSchema>;

export const presenceViewerSchema = z.object({
  id: z.string().check(z.maxLength(40)),
  role: z.enum(['owner', 'guest']),
  /** The name given (the owner's full name, a guest's name for notes), or null: then `number`. */
  name: z.nullable(z.string().check(z.maxLength(PRESENCE_LIMITS.nameLength))),
  /** "Guest 1", "Guest 2": unnamed guests numbered in the order they came. */
  number: z.nullable(z.int()),
  /** When this viewer started presenting (ms since the epoch), or null. */
  presentingSince: z.nullable(z.number()),
  following: z.boolean(),
  /** When this viewer came (ms since the epoch): the order of the list. */
  joinedAt: z.number(),
});
export type PresenceViewer = z.infer<typeof presenceViewerSchema>;

export const presenceClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), name: z.nullable(z.string().check(z.maxLength(PRESENCE_LIMITS.nameLength))) }),
  z.object({ type: z.literal('present'), on: z.boolean() }),
  z.object({ type: z.literal('view'), view: presentedViewSchema }),
  z.object({ type: z.literal('follow'), following: z.boolean() }),
  z.object({ type: z.literal('point'), at: z.nullable(vec3Schema) }),
]);
export type PresenceClientMessage = z.infer<typeof presenceClientMessageSchema>;

export const PRESENCE_REFUSALS = ['notAllowed', 'tooLarge', 'tooFast', 'full', 'badMessage', 'notFound'] as const;
export type PresenceRefusal = (typeof PRESENCE_REFUSALS)[number];

export const presenceServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('welcome'), you: z.string(), role: z.enum(['owner', 'guest']) }),
  z.object({ type: z.literal('presence'), viewers: z.array(presenceViewerSchema) }),
  z.object({ type: z.literal('view'), from: z.string(), view: presentedViewSchema }),
  z.object({ type: z.literal('point'), from: z.string(), at: z.nullable(vec3Schema) }),
  z.object({ type: z.literal('refused'), code: z.enum(PRESENCE_REFUSALS) }),
  /** The link was unpublished: a guest's presence ends (the socket closes after it). */
  z.object({ type: z.literal('ended'), reason: z.literal('unpublished') }),
]);
export type PresenceServerMessage = z.infer<typeof presenceServerMessageSchema>;

/** The presenter everyone follows: the viewer who started presenting last. */
export function presenterOf<V extends Pick<PresenceViewer, 'presentingSince'>>(viewers: readonly V[]): V | null {
  let presenter: V | null = null;
  for (const viewer of viewers) if (viewer.presentingSince !== null && (!presenter || viewer.presentingSince > (presenter.presentingSince ?? 0))) presenter = viewer;
  return presenter;
}

/** UTF-8 length of a message as sent. */
export function messageBytes(message: unknown): number {
  return new TextEncoder().encode(JSON.stringify(message)).length;
}
