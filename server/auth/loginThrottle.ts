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
import { SlidingCounter, type ThrottleVerdict } from '../domain/slidingCounter';

export type { ThrottleVerdict };

export interface ThrottleLimits {
  maxFailuresPerIp: number;
  maxFailuresPerUser: number;
  windowSeconds: number;
}

export interface LoginThrottle {
  check(ip: string, username: string): ThrottleVerdict;
  /** Records a failure and says whether this client is now refused. */
  recordFailure(ip: string, username: string): ThrottleVerdict;
  /** How many IPs and usernames are remembered (for monitoring and tests). */
  trackedKeys(): number;
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
