/**
 * Device cookies (OWASP "Slow down online guessing attacks with device cookies"): a successful
 * login gives the browser a cookie naming a random device id, bound to the account and an expiry by
 * an HMAC under a key derived from the token secret. A later login of that account carrying it comes
 * from a known device, which the login throttle exempts from the limits other clients' failures
 * raise (it has its own few tries, see loginThrottleTypes.ts). The account's name is not in the
 * cookie: it is checked, not read.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../domain/clock';
import { toSeconds } from '../domain/clock';

/** How long a device stays known after its last successful login. */
export const DEVICE_COOKIE_TTL_SECONDS = 180 * 86_400;

export interface DeviceCookies {
  /** A new cookie value for a device that just logged in to `username` (normalized). */
  issue(username: string): string;
  /** The device id of a cookie value issued for `username` and not expired, or undefined. */
  deviceOf(value: string, username: string): string | undefined;
}

const VALUE = /^([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export function createDeviceCookies(tokenSecret: Uint8Array, clock: Clock): DeviceCookies {
  const key = createHmac('sha256', tokenSecret).update('login device cookie v1').digest();
  const mac = (id: string, expires: string, username: string) =>
    createHmac('sha256', key).update(`${id}.${expires}.${username}`).digest('base64url');
  return {
    issue(username) {
      const id = randomBytes(16).toString('base64url');
      const expires = String(toSeconds(clock()) + DEVICE_COOKIE_TTL_SECONDS);
      return `${id}.${expires}.${mac(id, expires, username)}`;
    },
    deviceOf(value, username) {
      const match = VALUE.exec(value);
      if (!match) return undefined;
      const [, id, expires, given] = match;
      if (Number(expires) <= toSeconds(clock())) return undefined;
      const expected = Buffer.from(mac(id, expires, username));
      return timingSafeEqual(expected, Buffer.from(given)) ? id : undefined;
    },
  };
}
