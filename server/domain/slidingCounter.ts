/**
 * Counts events per key over a sliding window, in this process's memory: the login throttle
 * counts failed logins with it, the guest note limits counts guests' new notes. Time comes from
 * the caller (the app's clock), so a test moves it instead of waiting.
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

/** Instants per key, oldest first, never longer than the key's limit. */
export class SlidingCounter {
  private readonly hits = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  verdict(key: string, now: number): ThrottleVerdict {
    const list = this.live(key, now);
    return verdictAt(list.length < this.limit ? undefined : list[0], this.windowMs, now);
  }

  get size(): number {
    return this.hits.size;
  }

  add(key: string, now: number): void {
    const list = this.live(key, now);
    list.push(now);
    if (list.length > this.limit) list.splice(0, list.length - this.limit);
    this.hits.set(key, list);
    this.sweep(now);
  }

  private live(key: string, now: number): number[] {
    const list = this.hits.get(key) ?? [];
    const start = now - this.windowMs;
    while (list.length > 0 && list[0] <= start) list.shift();
    if (list.length === 0) this.hits.delete(key);
    return list;
  }

  /** Forgets keys whose instants all left the window, at most once per window. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, list] of this.hits) {
      if (list[list.length - 1] <= now - this.windowMs) this.hits.delete(key);
    }
  }
}
