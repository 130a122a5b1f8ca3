import { describe, expect, it } from 'vitest';
import { createLoginThrottle } from '../../server/auth/loginThrottle';

function setup(limits = { maxFailuresPerIp: 3, maxFailuresPerUser: 5, windowSeconds: 60 }) {
  let now = 1_000_000;
  const throttle = createLoginThrottle(limits, () => now);
  return { throttle, advance: (s: number) => (now += s * 1000) };
}

describe('login throttle', () => {
  it('refuses an IP on the failure that reaches its limit, and says when to retry', () => {
    const { throttle, advance } = setup();
    expect(throttle.recordFailure('ip1', 'u').allowed).toBe(true);
    advance(10);
    expect(throttle.recordFailure('ip1', 'u').allowed).toBe(true);
    advance(10);
    const third = throttle.recordFailure('ip1', 'u');
    expect(third).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect(throttle.check('ip1', 'other')).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect(throttle.check('ip2', 'u').allowed).toBe(true);
  });

  it('slides: each failure leaves the window a full window after it happened', () => {
    const { throttle, advance } = setup();
    throttle.recordFailure('ip1', 'u');
    advance(30);
    throttle.recordFailure('ip1', 'u');
    throttle.recordFailure('ip1', 'u');
    expect(throttle.check('ip1', 'u').allowed).toBe(false);
    advance(30);
    // The first failure is out; two remain inside the window.
    expect(throttle.check('ip1', 'u').allowed).toBe(true);
    expect(throttle.recordFailure('ip1', 'u').allowed).toBe(false);
    advance(60);
    expect(throttle.check('ip1', 'u').allowed).toBe(true);
  });

  it('refuses a username once failures from all IPs reach its own limit', () => {
    const { throttle } = setup();
    throttle.recordFailure('a', 'victim');
    throttle.recordFailure('a', 'victim');
    throttle.recordFailure('b', 'victim');
    throttle.recordFailure('b', 'victim');
    expect(throttle.check('c', 'victim').allowed).toBe(true);
    expect(throttle.recordFailure('c', 'victim').allowed).toBe(false);
    expect(throttle.check('d', 'victim').allowed).toBe(false);
    expect(throttle.check('d', 'someone-else').allowed).toBe(true);
  });

  it('forgets old keys so memory stays bounded', () => {
    const { throttle, advance } = setup();
    for (let i = 0; i < 1000; i += 1) throttle.recordFailure(`ip${i}`, `user${i}`);
    expect(throttle.trackedKeys()).toBe(2000);
    advance(120);
    throttle.recordFailure('fresh', 'fresh');
    expect(throttle.trackedKeys()).toBe(2);
    for (let i = 0; i < 1000; i += 1) expect(throttle.check(`ip${i}`, `user${i}`).allowed).toBe(true);
  });
});
