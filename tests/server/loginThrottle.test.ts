import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLoginThrottle, createMemoryLoginThrottle, type ThrottleLimits } from '../../server/auth/loginThrottle';
import { migrateToLatest } from '../../server/db/migrate';
import type { LimitStore } from '../../server/limits/limitStore';
import { openTestPostgres, POSTGRES_URL, postgresReachable } from './helpers/databases';
import { openTestRedis, REDIS_URL, redisReachable } from './helpers/redis';

const DEFAULT_LIMITS: ThrottleLimits = { maxFailuresPerIp: 3, maxFailuresPerUserIp: 3, maxFailuresPerUser: 5, windowSeconds: 60 };

interface OpenedStore {
  store: LimitStore;
  /** Whether two throttles on it stand for two API processes sharing counts. */
  shared: boolean;
  dispose(): Promise<void>;
}

const postgres = await postgresReachable();
const redis = await redisReachable();
if (!postgres) console.warn(`PostgreSQL at ${POSTGRES_URL} is not reachable: the login throttle rules skip it.`);
if (!redis) console.warn(`Redis at ${REDIS_URL} is not reachable: the login throttle rules skip it.`);

const stores: { name: string; open: () => Promise<OpenedStore> }[] = [
  { name: 'memory', open: async () => ({ store: { kind: 'memory' }, shared: false, dispose: async () => undefined }) },
];
if (postgres) {
  stores.push({
    name: 'postgres',
    open: async () => {
      const testDb = await openTestPostgres();
      await migrateToLatest(testDb.handle);
      return { store: { kind: 'postgres', db: testDb.handle.db }, shared: true, dispose: testDb.dispose };
    },
  });
}
if (redis) {
  stores.push({
    name: 'redis',
    open: async () => {
      const testRedis = await openTestRedis();
      return { store: { kind: 'redis', redis: testRedis.client }, shared: true, dispose: testRedis.dispose };
    },
  });
}

describe.each(stores)('login throttle in $name', ({ open }) => {
  let opened: OpenedStore;
  beforeEach(async () => {
    opened = await open();
  });
  afterEach(() => opened.dispose());

  function setup(limits = DEFAULT_LIMITS) {
    let now = 1_000_000;
    const clock = () => now;
    const throttle = createLoginThrottle(limits, clock, opened.store);
    // A second API process on the same store (its own throttle, the same clock).
    const other = () => createLoginThrottle(limits, clock, opened.store);
    return { throttle, other, advance: (s: number) => (now += s * 1000) };
  }

  it('refuses an IP on the failure that reaches its limit, and says when to retry', async () => {
    const { throttle, advance } = setup();
    expect((await throttle.recordFailure('ip1', 'u')).allowed).toBe(true);
    advance(10);
    expect((await throttle.recordFailure('ip1', 'u')).allowed).toBe(true);
    advance(10);
    const third = await throttle.recordFailure('ip1', 'u');
    expect(third).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect(await throttle.check('ip1', 'other')).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect((await throttle.check('ip2', 'u')).allowed).toBe(true);
  });

  it('slides: each failure leaves the window a full window after it happened', async () => {
    const { throttle, advance } = setup();
    await throttle.recordFailure('ip1', 'u');
    advance(30);
    await throttle.recordFailure('ip1', 'u');
    await throttle.recordFailure('ip1', 'u');
    expect((await throttle.check('ip1', 'u')).allowed).toBe(false);
    advance(30);
    // The first failure is out; two remain inside the window.
    expect((await throttle.check('ip1', 'u')).allowed).toBe(true);
    expect((await throttle.recordFailure('ip1', 'u')).allowed).toBe(false);
    advance(60);
    expect((await throttle.check('ip1', 'u')).allowed).toBe(true);
  });

  it('refuses an account from one address at its per-account-and-address limit, the address still trying others', async () => {
    const { throttle } = setup({ maxFailuresPerIp: 10, maxFailuresPerUserIp: 3, maxFailuresPerUser: 30, windowSeconds: 60 });
    expect((await throttle.recordFailure('a', 'victim')).allowed).toBe(true);
    expect((await throttle.recordFailure('a', 'victim')).allowed).toBe(true);
    expect((await throttle.recordFailure('a', 'victim')).allowed).toBe(false);
    expect((await throttle.check('a', 'victim')).allowed).toBe(false);
    expect((await throttle.check('a', 'someone-else')).allowed).toBe(true);
    expect((await throttle.check('b', 'victim')).allowed).toBe(true);
  });

  it('once failures from all addresses reach the account limit, refuses the addresses that failed against it, not the others', async () => {
    const { throttle, advance } = setup();
    await throttle.recordFailure('a', 'victim');
    await throttle.recordFailure('a', 'victim');
    await throttle.recordFailure('b', 'victim');
    advance(10);
    await throttle.recordFailure('b', 'victim');
    expect((await throttle.check('c', 'victim')).allowed).toBe(true);
    expect(await throttle.recordFailure('c', 'victim')).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(await throttle.check('a', 'victim')).toEqual({ allowed: false, retryAfterSeconds: 50 });
    // An address that did not fail against the account (its owner's) may try; so may the attackers elsewhere.
    expect((await throttle.check('d', 'victim')).allowed).toBe(true);
    expect((await throttle.check('a', 'someone-else')).allowed).toBe(true);
    advance(51);
    expect((await throttle.check('a', 'victim')).allowed).toBe(true);
  });

  it('lets a known device through whatever others failed, until the device itself reaches its few tries', async () => {
    const { throttle } = setup();
    for (const ip of ['a', 'a', 'a', 'b', 'b', 'c']) await throttle.recordFailure(ip, 'victim');
    expect((await throttle.check('a', 'victim')).allowed).toBe(false);
    // The owner's browser on the blocked address a: its device has no failure.
    expect((await throttle.check('a', 'victim', 'owner-device')).allowed).toBe(true);
    expect((await throttle.recordFailure('e', 'victim', 'owner-device')).allowed).toBe(true);
    expect((await throttle.recordFailure('f', 'victim', 'owner-device')).allowed).toBe(true);
    // The third failure of the device (its limit is the per-account-and-address one): it counts for nothing now.
    expect((await throttle.recordFailure('g', 'victim', 'owner-device')).allowed).toBe(false);
    expect((await throttle.check('a', 'victim', 'owner-device')).allowed).toBe(false);
    expect((await throttle.check('h', 'victim', 'owner-device')).allowed).toBe(true);
    expect((await throttle.check('a', 'victim', 'another-device')).allowed).toBe(true);
  });

  it('counts the failures seen by every process on a shared store as one, also when they come at once', async () => {
    const { throttle, other } = setup({ maxFailuresPerIp: 10, maxFailuresPerUserIp: 10, maxFailuresPerUser: 100, windowSeconds: 60 });
    const second = opened.shared ? other() : throttle;
    // Ten failures alternating between the two processes: the tenth is refused, as in one process.
    const verdicts = [];
    for (let i = 0; i < 10; i += 1) verdicts.push((await (i % 2 === 0 ? throttle : second).recordFailure('ip1', 'u')).allowed);
    expect(verdicts).toEqual([true, true, true, true, true, true, true, true, true, false]);
    expect((await second.check('ip1', 'u')).allowed).toBe(false);

    // Twenty at once from both: no more than nine of them can be let through.
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? throttle : second).recordFailure('ip2', 'u2')),
    );
    expect(burst.filter((v) => v.allowed).length).toBeLessThanOrEqual(9);
    expect((await throttle.check('ip2', 'u2')).allowed).toBe(false);
  });
});

describe('what each store keeps', () => {
  it('memory: forgets old keys so memory stays bounded', async () => {
    let now = 1_000_000;
    const throttle = createMemoryLoginThrottle(DEFAULT_LIMITS, () => now);
    for (let i = 0; i < 1000; i += 1) await throttle.recordFailure(`ip${i}`, `user${i}`);
    expect(throttle.trackedKeys()).toBe(3000);
    now += 120_000;
    await throttle.recordFailure('fresh', 'fresh');
    expect(throttle.trackedKeys()).toBe(3);
    for (let i = 0; i < 1000; i += 1) expect((await throttle.check(`ip${i}`, `user${i}`)).allowed).toBe(true);
  });

  it.runIf(postgres)('postgres: deletes the failures that left the window', async () => {
    const testDb = await openTestPostgres();
    try {
      await migrateToLatest(testDb.handle);
      const { db } = testDb.handle;
      let now = 1_000_000;
      const throttle = createLoginThrottle(DEFAULT_LIMITS, () => now, { kind: 'postgres', db });
      for (let i = 0; i < 50; i += 1) await throttle.recordFailure(`ip${i}`, `user${i}`);
      const rows = async () => Number((await db.selectFrom('login_failures').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      expect(await rows()).toBe(150);
      now += 120_000;
      await throttle.recordFailure('fresh', 'fresh');
      expect(await rows()).toBe(3);
    } finally {
      await testDb.dispose();
    }
  });

  it.runIf(redis)('redis: one sorted set per key, cut to the limit, expiring a window after its last failure', async () => {
    const store = await openTestRedis();
    try {
      const throttle = createLoginThrottle(DEFAULT_LIMITS, () => 1_000_000, { kind: 'redis', redis: store.client });
      for (let i = 0; i < 5; i += 1) await throttle.recordFailure('203.0.113.9', 'victim@example.com', 'device1');
      expect((await store.keys()).sort()).toEqual([
        `${store.prefix}login:device:device1`,
        `${store.prefix}login:ip:203.0.113.9`,
        `${store.prefix}login:ipuser:203.0.113.9 victim@example.com`,
        `${store.prefix}login:user:victim@example.com`,
      ]);
      expect(await store.client.zcard('login:ip:203.0.113.9')).toBe(3);
      expect(await store.client.zcard('login:ipuser:203.0.113.9 victim@example.com')).toBe(3);
      expect(await store.client.zcard('login:device:device1')).toBe(3);
      expect(await store.client.zcard('login:user:victim@example.com')).toBe(5);
      const ttl = await store.client.pttl('login:ip:203.0.113.9');
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      await store.dispose();
    }
  });
});
