/**
 * The sliding-window rule of the limits (the login throttle, the guests' notes): the logs of
 * instants they read live in auth/ and limits/failureLogs.ts. Time comes from the caller (the
 * app's clock), so a test moves it instead of waiting.
 */

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * The rule every store of such counts applies: a key is refused while its `limit`-th most recent
 * event is still inside the window (`nthRecentMs`, undefined when fewer events are), until that
 * event leaves it, in whole seconds, at least one.
 */
export function verdictAt(nthRecentMs: number | undefined, windowMs: number, now: number): ThrottleVerdict {
  if (nthRecentMs === undefined) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((nthRecentMs + windowMs - now) / 1000)) };
}
