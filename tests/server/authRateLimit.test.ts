import { afterEach, describe, expect, it } from 'vitest';
import { loginResponseSchema } from '../../src/api/schemas';
import { createAccount } from './helpers/accounts';
import { call, cookieFrom, errorCode } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/testServer';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serverWithVictim(env: Record<string, string>) {
  server = await startTestServer({ env });
  await createAccount(server.database.db, { username: 'victim@example.com', password: 'right-password', nowMs: server.clock() });
  return server;
}

const attempt = (s: TestServer, password: string, clientIp?: string, username = 'victim@example.com', cookie?: string) =>
  call(s.baseUrl, '/api/v1/auth/login', { body: { username, password }, clientIp, cookie });

describe('login throttling', () => {
  it('answers 429 to the 10th wrong password from one IP within a minute, while the right user from another IP logs in', async () => {
    const s = await serverWithVictim({ TRUST_PROXY: 'loopback' });
    const attacker = '203.0.113.9';
    const statuses: number[] = [];
    // Ten accounts tried once each: the address's own limit.
    for (let i = 0; i < 10; i += 1) statuses.push((await attempt(s, `guess-${i}`, attacker, `user${i}@example.com`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 401, 429]);

    const blocked = await attempt(s, 'right-password', attacker);
    expect(blocked.status).toBe(429);
    expect(errorCode(blocked)).toBe('too_many_attempts');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(60);

    const realUser = await attempt(s, 'right-password', '198.51.100.20');
    expect(realUser.status).toBe(200);
    loginResponseSchema.parse(realUser.json);

    // The window slides: a minute later the first IP may try again.
    s.clock.advance(61);
    expect((await attempt(s, 'right-password', attacker)).status).toBe(200);
  });

  it('slows a username under attack from many IPs: an address that failed against it waits, another logs in', async () => {
    const s = await serverWithVictim({ TRUST_PROXY: 'loopback', LOGIN_MAX_FAILURES_PER_USER: '15' });
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      for (let i = 0; i < 4; i += 1) expect((await attempt(s, `${ip}-${i}`, ip)).status).toBe(401);
    }
    for (let i = 0; i < 2; i += 1) expect((await attempt(s, `d-${i}`, '203.0.113.4')).status).toBe(401);
    // The 15th failure against the username: from now on an address that failed against it waits.
    expect((await attempt(s, 'e-0', '203.0.113.5')).status).toBe(429);
    const attacker = await attempt(s, 'right-password', '203.0.113.1');
    expect(attacker.status).toBe(429);
    expect(Number(attacker.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await attempt(s, 'f-0', '203.0.113.6')).status).toBe(429);
    // The real user, from an address that did not fail, logs in; other usernames are not affected.
    expect((await attempt(s, 'right-password', '198.51.100.20')).status).toBe(200);
    await createAccount(s.database.db, { username: 'other@example.com', password: 'other-password', nowMs: s.clock() });
    expect((await attempt(s, 'other-password', '203.0.113.1', 'other@example.com')).status).toBe(200);
    s.clock.advance(61);
    expect((await attempt(s, 'right-password', '203.0.113.1')).status).toBe(200);
  });

  it('ignores X-Forwarded-For unless a proxy is trusted, so a client cannot pose as many IPs', async () => {
    const s = await serverWithVictim({});
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await attempt(s, `guess-${i}`, `203.0.113.${i + 1}`)).status);
    expect(statuses.at(-1)).toBe(429);
    expect((await attempt(s, 'right-password', '198.51.100.20')).status).toBe(429);
  });

  it('counts only failures: many right logins from one IP are never throttled', async () => {
    const s = await serverWithVictim({ TRUST_PROXY: 'loopback' });
    for (let i = 0; i < 12; i += 1) expect((await attempt(s, 'right-password', '192.0.2.1')).status).toBe(200);
  });
});

describe('a lockout attack: 30 failed logins a minute from 12 addresses', () => {
  const attackers = Array.from({ length: 12 }, (_, i) => `203.0.113.${i + 1}`);
  const ownerHome = '198.51.100.20';

  it('leaves the owner logging in from their own address, and with their device cookie from any address', async () => {
    const s = await serverWithVictim({ TRUST_PROXY: 'loopback' });
    // The owner logged in from home last week: their browser keeps the device cookie of that login.
    const earlier = await attempt(s, 'right-password', ownerHome);
    expect(earlier.status).toBe(200);
    const device = cookieFrom(earlier, 'login_device');
    expect(device?.attributes).toMatch(/HttpOnly/);
    expect(device?.attributes).toMatch(/SameSite=Strict/);
    expect(device?.attributes).toMatch(/Path=\/api\/v1\/auth\/login(;|$)/);
    s.clock.advance(7 * 86_400);

    for (let minute = 0; minute < 4; minute += 1) {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i += 1) {
        statuses.push((await attempt(s, `guess-${minute}-${i}`, attackers[(minute * 30 + i) % attackers.length])).status);
        s.clock.advance(1);
      }
      // At most 30 guesses a minute get an answer; the rest are throttled.
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(30);
      expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
      // An attacking address that failed against the account is refused, the right password too.
      const attacker = await attempt(s, 'right-password', attackers[0]);
      expect(attacker.status).toBe(429);
      expect(errorCode(attacker)).toBe('too_many_attempts');
      // The owner, from their own address (a new browser, no cookie): logs in.
      const fromHome = await attempt(s, 'right-password', ownerHome);
      expect(fromHome.status).toBe(200);
      loginResponseSchema.parse(fromHome.json);
      // The owner's browser, from an attacking address (a shared network): its device cookie lets it in.
      const withDevice = await attempt(s, 'right-password', attackers[0], 'victim@example.com', device!.pair);
      expect(withDevice.status).toBe(200);
      s.clock.advance(30);
    }
  });

  it('still stops a guessing attack on one account from one address, and a stolen device cookie after a few guesses', async () => {
    const s = await serverWithVictim({ TRUST_PROXY: 'loopback' });
    const device = cookieFrom(await attempt(s, 'right-password', ownerHome), 'login_device')!;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await attempt(s, `guess-${i}`, attackers[0])).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    expect((await attempt(s, 'right-password', attackers[0])).status).toBe(429);
    // The address may still log in to another account (its own limit is not reached).
    await createAccount(s.database.db, { username: 'other@example.com', password: 'other-password', nowMs: s.clock() });
    expect((await attempt(s, 'other-password', attackers[0], 'other@example.com')).status).toBe(200);

    // A device cookie has its own few tries, then counts for nothing.
    const withCookie: number[] = [];
    for (let i = 0; i < 6; i += 1) withCookie.push((await attempt(s, `cookie-guess-${i}`, attackers[1], 'victim@example.com', device.pair)).status);
    expect(withCookie).toEqual([401, 401, 401, 401, 429, 429]);
    expect((await attempt(s, 'right-password', attackers[1], 'victim@example.com', device.pair)).status).toBe(429);
    // Another account's cookie, or a forged one, is no device cookie of this account.
    const other = cookieFrom(await attempt(s, 'other-password', attackers[2], 'other@example.com'), 'login_device')!;
    expect((await attempt(s, 'right-password', attackers[0], 'victim@example.com', other.pair)).status).toBe(429);
    expect((await attempt(s, 'right-password', attackers[0], 'victim@example.com', `${device.pair.slice(0, -2)}xx`)).status).toBe(429);
    s.clock.advance(61);
    expect((await attempt(s, 'right-password', attackers[0])).status).toBe(200);
  });
});
