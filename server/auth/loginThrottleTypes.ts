/** What every store of the login throttle (memory, Redis, PostgreSQL) offers the login route. */
import type { ThrottleVerdict } from '../domain/slidingCounter';

export type { ThrottleVerdict };

export interface ThrottleLimits {
  maxFailuresPerIp: number;
  maxFailuresPerUser: number;
  windowSeconds: number;
}

export interface LoginThrottle {
  /** Whether this IP and username may try now (the IP's verdict first, then the username's). */
  check(ip: string, username: string): Promise<ThrottleVerdict>;
  /** Records a failure and says whether this client is now refused. */
  recordFailure(ip: string, username: string): Promise<ThrottleVerdict>;
}
