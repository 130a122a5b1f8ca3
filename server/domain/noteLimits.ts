/**
 * How many notes (comments, hyperlinks) a project holds, and how fast visitors of a shared link
 * may add them. "Guests" are everyone but the project's owner: anonymous visitors and other
 * logged-in users reaching the project through its link.
 *
 * - Caps: a project holds at most 2,000 comments and 500 hyperlinks.
 * - Owner's reserve: guests stop 200 comments (50 hyperlinks) below the cap, so a flood of guest
 *   notes never takes the owner's last word: guests may fill a project up to 1,800 comments; only
 *   the owner writes the last 200.
 * - Rate: a guest adds at most 10 notes of a kind per minute from one IP address, and one link
 *   takes at most 30 per minute from all its guests together (sliding windows of 60 s). The owner
 *   is not limited. Past a limit the answer is 429 with Retry-After.
 *
 * Filling the guests' share of comments thus takes an hour at least, whatever the number of
 * addresses; the owner can still comment, and deletes guests' comments in one call.
 */
import type { NoteKind } from '../db/projectNotes';
import type { Clock } from './clock';
import type { FailureLog } from '../auth/loginThrottleTypes';

const MAX_COMMENTS_PER_PROJECT = 2000;
const MAX_ATTACHMENTS_PER_PROJECT = 500;

export const NOTE_LIMITS: Record<NoteKind, { max: number; ownerReserve: number }> = {
  comment: { max: MAX_COMMENTS_PER_PROJECT, ownerReserve: 200 },
  hyperlink: { max: MAX_ATTACHMENTS_PER_PROJECT, ownerReserve: 50 },
};

export const GUEST_NOTES_PER_IP = 10;
export const GUEST_NOTES_PER_LINK = 30;
export const GUEST_NOTES_WINDOW_SECONDS = 60;

/** How many notes of a kind a project may hold for this author. */
export function noteCapFor(kind: NoteKind, isOwner: boolean): number {
  const { max, ownerReserve } = NOTE_LIMITS[kind];
  return isOwner ? max : max - ownerReserve;
}

/** Which budget ran out, and when it allows again. */
type GuestVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number; per: 'address' | 'link' };

interface GuestNoteLimiter {
  check(ip: string, accessKey: string): Promise<GuestVerdict>;
  /** Counts one new note of a guest. */
  record(ip: string, accessKey: string): Promise<void>;
}

/**
 * The guests' rate of one kind of note, per address and per link, over a log of instants: in this
 * process's memory, or in Redis or PostgreSQL shared by every API process (limits/limitStore.ts).
 */
export function createGuestNoteLimiter(clock: Clock, log: FailureLog): GuestNoteLimiter {
  const windowMs = GUEST_NOTES_WINDOW_SECONDS * 1000;
  const keysOf = (ip: string, accessKey: string) => [`ip:${ip}`, `link:${accessKey}`];
  const queriesOf = (ip: string, accessKey: string) => {
    const [ipKey, linkKey] = keysOf(ip, accessKey);
    return [
      { key: ipKey, limit: GUEST_NOTES_PER_IP },
      { key: linkKey, limit: GUEST_NOTES_PER_LINK },
    ];
  };
  return {
    async check(ip, accessKey) {
      const now = clock();
      const [byIp, byLink] = await log.read(queriesOf(ip, accessKey), now - windowMs);
      const refused = (nth: number | undefined, per: 'address' | 'link'): GuestVerdict | null =>
        nth === undefined ? null : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((nth + windowMs - now) / 1000)), per };
      return refused(byIp, 'address') ?? refused(byLink, 'link') ?? { allowed: true };
    },
    async record(ip, accessKey) {
      const now = clock();
      await log.recordThenRead(keysOf(ip, accessKey), now, windowMs, queriesOf(ip, accessKey), now - windowMs);
    },
  };
}
