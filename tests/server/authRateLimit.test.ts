import { afterEach, describe, expect, it } from 'vitest';
import { loginResponseSchema } from '../../src/api/schemas';
import { createAccount } from './helpers/accounts';
import { call, errorCode } from './helpers/http';
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

const attempt = (s: TestServer, password: string, clientIp?: string, username = 'victim@example.com') =>
  call(s.baseUrl, '/api/v1/auth/login', { body: { username, password }, clientIp });

describe('login throttling', () => {
  it('answers 429 to the 10th wrong password from one IP within a minute, while the right user from another IP logs in', async () => {
    const s = await serverWithVictim({ TRUST_PROXY: 'loopback' });
    const attacker = '203.0.113.9';
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await attempt(s, `guess-${i}`, attacker)).status);
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

  it('refuses a username under attack from many IPs, even with the right password', async () => {
    const s = await serverWithVictim({ TRUST_PROXY: 'loopback', LOGIN_MAX_FAILURES_PER_USER: '15' });
    for (let i = 0; i < 8; i += 1) expect((await attempt(s, `a-${i}`, '203.0.113.1')).status).toBe(401);
    for (let i = 0; i < 6; i += 1) expect((await attempt(s, `b-${i}`, '203.0.113.2')).status).toBe(401);
    // The 15th failure against the username locks it, whatever the IP.
    expect((await attempt(s, 'c-0', '203.0.113.3')).status).toBe(429);
    const realUser = await attempt(s, 'right-password', '198.51.100.20');
    expect(realUser.status).toBe(429);
    // Other usernames are not affected.
    await createAccount(s.database.db, { username: 'other@example.com', password: 'other-password', nowMs: s.clock() });
    expect((await attempt(s, 'other-password', '198.51.100.20', 'other@example.com')).status).toBe(200);
    s.clock.advance(61);
    expect((await attempt(s, 'right-password', '198.51.100.20')).status).toBe(200);
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
