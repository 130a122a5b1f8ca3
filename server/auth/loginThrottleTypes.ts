/**
 * What every store of the login throttle (memory, Redis, PostgreSQL) offers the login route, and
 * the one rule they all apply (`loginThrottleOver`): a store only keeps failure instants per key.
 *
 * Keys of an attempt: its address (`ip:`), its account (`user:`), the account from that address
 * (`ipuser:`), and, when the request carries a valid device cookie of the account, that device
 * (`device:`). Every failure is recorded under each of them. An attempt is refused (429) when:
 *
 * - it comes from a known device (a device cookie issued at a successful login of this account,
 *   OWASP "device cookies") that has fewer failures than the per-account-and-address limit: never;
 *   past that limit, the device counts for nothing and the rules below apply;
 * - its address reached `maxFailuresPerIp` failures in the window (any account);
 * - the account from this address reached `maxFailuresPerUserIp` (a guessing attack on one account);
 * - the account reached `maxFailuresPerUser` from all addresses (a spread-out attack) and this
 *   address failed against it in the window: under such an attack each address has one guess per
 *   window, while an address that did not fail (the owner's own) still logs in.
 *
 * So no count of failures made elsewhere refuses the owner's own browser: 30 failures a minute from
 * 12 addresses slow the attack down, never lock the owner out (ASVS 2.2.1).
 */
import { verdictAt, type ThrottleVerdict } from '../domain/slidingCounter';

export type { ThrottleVerdict };

export interface ThrottleLimits {
  maxFailuresPerIp: number;
  /** Failures against one account from one address (and from one device cookie). */
  maxFailuresPerUserIp: number;
  maxFailuresPerUser: number;
  windowSeconds: number;
}

export interface LoginThrottle {
  /**
   * Whether this address may try this username now. `device`: the id of a valid device cookie of
   * this username the request carries (see auth/deviceCookies.ts).
   */
  check(ip: string, username: string, device?: string): Promise<ThrottleVerdict>;
  /** Records a failure and says whether this client is now refused. */
  recordFailure(ip: string, username: string, device?: string): Promise<ThrottleVerdict>;
}

/** One count to read: the instant of the key's `limit`-th most recent failure in the window. */
export interface CountQuery {
  key: string;
  limit: number;
}

/** Failure instants per key, as a store keeps them (milliseconds). */
export interface FailureLog {
  /** For each query, the instant of its key's `limit`-th most recent failure after `cutoff`, or undefined when fewer are. */
  read(queries: readonly CountQuery[], cutoff: number): Promise<(number | undefined)[]>;
  /**
   * Records one failure at `now` under each key, then reads as `read` does. Two recorders at once
   * (processes on one store) cannot both read a count without the other's failure in it. A key
   * keeps at least the largest limit a query asks of it.
   */
  recordThenRead(keys: readonly string[], now: number, windowMs: number, queries: readonly CountQuery[], cutoff: number): Promise<(number | undefined)[]>;
}

/** The keys of an attempt, without a store's prefix. */
function attemptKeys(ip: string, username: string, device?: string): string[] {
  // An address holds no space, so the pair's key is unambiguous.
  const keys = [`ip:${ip}`, `user:${username}`, `ipuser:${ip} ${username}`];
  if (device) keys.push(`device:${device}`);
  return keys;
}

/** The rule above over any store's failure log. */
export function loginThrottleOver(log: FailureLog, limits: ThrottleLimits, clock: () => number): LoginThrottle {
  const windowMs = limits.windowSeconds * 1000;

  const queriesOf = (ip: string, username: string, device?: string): CountQuery[] => {
    const [ipKey, userKey, pairKey, deviceKey] = attemptKeys(ip, username, device);
    const queries = [
      { key: ipKey, limit: limits.maxFailuresPerIp },
      { key: pairKey, limit: limits.maxFailuresPerUserIp },
      { key: userKey, limit: limits.maxFailuresPerUser },
      { key: pairKey, limit: 1 },
    ];
    if (deviceKey) queries.push({ key: deviceKey, limit: limits.maxFailuresPerUserIp });
    return queries;
  };

  const judge = (found: (number | undefined)[], trusted: boolean, now: number): ThrottleVerdict => {
    const [ipNth, pairNth, userNth, pairLatest, deviceNth] = found;
    if (trusted && deviceNth === undefined) return { allowed: true };
    const ipVerdict = verdictAt(ipNth, windowMs, now);
    if (!ipVerdict.allowed) return ipVerdict;
    const pairVerdict = verdictAt(pairNth, windowMs, now);
    if (!pairVerdict.allowed) return pairVerdict;
    if (userNth !== undefined && pairLatest !== undefined) {
      // Free again when this address's last failure, or the account's limit-th, leaves the window.
      return verdictAt(Math.min(userNth, pairLatest), windowMs, now);
    }
    return { allowed: true };
  };

  return {
    async check(ip, username, device) {
      const now = clock();
      return judge(await log.read(queriesOf(ip, username, device), now - windowMs), device !== undefined, now);
    },
    async recordFailure(ip, username, device) {
      const now = clock();
      const found = await log.recordThenRead(attemptKeys(ip, username, device), now, windowMs, queriesOf(ip, username, device), now - windowMs);
      return judge(found, device !== undefined, now);
    },
  };
}

/** The largest limit asked of each key (how many instants a store must keep for it). */
export function keepPerKey(queries: readonly CountQuery[]): Map<string, number> {
  const keep = new Map<string, number>();
  for (const { key, limit } of queries) keep.set(key, Math.max(limit, keep.get(key) ?? 0));
  return keep;
}
