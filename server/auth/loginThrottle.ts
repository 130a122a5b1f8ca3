/**
 * Login throttling on failed attempts, per client IP and per username, over a sliding window.
 *
 * - An IP that reached its failure limit gets 429 for every login until its oldest failure leaves
 *   the window; the attempt that reaches the limit is answered 429 already.
 * - A username is refused only when failures against it reach a higher limit, which takes several
 *   IPs: one noisy IP cannot lock the real user out, while a spread-out guessing attack can.
 *
 * Counts live in this process's memory (lost on restart, not shared between API processes).
 */
import type { Clock } from '../domain/clock';

export interface ThrottleLimits {
  maxFailuresPerIp: number;
  maxFailuresPerUser: number;
  windowSeconds: number;
}

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface LoginThrottle {
  check(ip: string, username: string): ThrottleVerdict;
  /** Records a failure and says whether this client is now refused. */
  recordFailure(ip: string, username: string): ThrottleVerdict;
  /** How many IPs and usernames are remembered (for monitoring and tests). */
  trackedKeys(): number;
}

/** Failure instants per key, oldest first, never longer than the key's limit. */
class SlidingCounter {
  private readonly hits = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  verdict(key: string, now: number): ThrottleVerdict {
    const list = this.live(key, now);
    if (list.length < this.limit) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((list[0] + this.windowMs - now) / 1000)) };
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

  /** Forgets keys whose failures all left the window, at most once per window. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, list] of this.hits) {
      if (list[list.length - 1] <= now - this.windowMs) this.hits.delete(key);
    }
  }
}

export function createLoginThrottle(limits: ThrottleLimits, clock: Clock): LoginThrottle {
  const windowMs = limits.windowSeconds * 1000;
  const byIp = new SlidingCounter(limits.maxFailuresPerIp, windowMs);
  const byUser = new SlidingCounter(limits.maxFailuresPerUser, windowMs);

  const verdict = (ip: string, username: string): ThrottleVerdict => {
    const now = clock();
    const ipVerdict = byIp.verdict(ip, now);
    if (!ipVerdict.allowed) return ipVerdict;
    return byUser.verdict(username, now);
  };

  return {
    check: verdict,
    recordFailure(ip, username) {
      const now = clock();
      byIp.add(ip, now);
      byUser.add(username, now);
      return verdict(ip, username);
    },
    trackedKeys: () => byIp.size + byUser.size,
  };
}
