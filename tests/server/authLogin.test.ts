import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponseSchema } from '../../src/api/schemas';
import { setUserDisabled, updateUserSettings } from '../../server/db/users';
import { createAccount } from './helpers/accounts';
import { call, cookieFrom, errorCode } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/testServer';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const nowMs = server.clock();
  const alice = await createAccount(db, { username: 'alice@example.com', password: 'alice-password', fullName: 'Alice Martin', nowMs });
  await updateUserSettings(db, alice.id, { preferredLanguage: 'fr', preferredUnit: 'in' });
  await createAccount(db, { username: 'noplan@example.com', password: 'noplan-password', planDays: null, nowMs });
  await createAccount(db, { username: 'expired@example.com', password: 'expired-password', planDays: -1, nowMs });
  const carol = await createAccount(db, { username: 'carol@example.com', password: 'carol-password', nowMs });
  await setUserDisabled(db, carol.id, true);
});

afterAll(() => server.close());

const login = (username: string, password: string) =>
  call(server.baseUrl, '/api/v1/auth/login', { body: { username, password } });

describe('POST /api/v1/auth/login', () => {
  it('answers the login shape of the contract and sets the refresh cookie', async () => {
    const result = await login('alice@example.com', 'alice-password');
    expect(result.status).toBe(200);
    const body = loginResponseSchema.parse(result.json);
    expect(body.success).toBe(true);
    expect(body.userInfo).toEqual({ fullName: 'Alice Martin', avatarUrl: '/avatar-default.svg', isLoggedIn: true });
    expect(body.settings).toEqual({ preferredDisplayLanguage: 'fr', preferredDistanceUnit: 'in' });
    expect(body.accessToken.split('.')).toHaveLength(3);
    expect(result.headers.get('cache-control')).toBe('no-store');

    const cookie = cookieFrom(result, 'refresh_token');
    expect(cookie?.value.length).toBeGreaterThanOrEqual(40);
    expect(cookie?.attributes).toMatch(/HttpOnly/);
    expect(cookie?.attributes).toMatch(/SameSite=Strict/);
    expect(cookie?.attributes).toMatch(/Path=\/api\/v1\/auth(;|$)/);
  });

  it('accepts the username in any case and with surrounding spaces', async () => {
    const result = await login('  Alice@Example.COM ', 'alice-password');
    expect(result.status).toBe(200);
  });

  it('answers the access token that opens authenticated routes', async () => {
    const body = loginResponseSchema.parse((await login('alice@example.com', 'alice-password')).json);
    const secure = await call(server.baseUrl, '/api/v1/auth/secure-token', { token: body.accessToken });
    expect(secure.status).toBe(200);
  });

  it.each([
    ['a wrong password', 'alice@example.com', 'wrong-password'],
    ['an unknown user', 'nobody@example.com', 'alice-password'],
    ['a disabled user', 'carol@example.com', 'carol-password'],
  ])('answers 401 invalid_credentials for %s', async (_case, username, password) => {
    const result = await login(username, password);
    expect(result.status).toBe(401);
    expect(errorCode(result)).toBe('invalid_credentials');
    expect(cookieFrom(result, 'refresh_token')).toBeUndefined();
  });

  it.each([
    ['no plan', 'noplan@example.com', 'noplan-password'],
    ['only an expired plan', 'expired@example.com', 'expired-password'],
  ])('answers 403 no_active_subscription for a user with %s', async (_case, username, password) => {
    const result = await login(username, password);
    expect(result.status).toBe(403);
    expect(errorCode(result)).toBe('no_active_subscription');
    expect(cookieFrom(result, 'refresh_token')).toBeUndefined();
  });

  it('answers 403 again once a plan expires, checked against the current time', async () => {
    expect((await login('alice@example.com', 'alice-password')).status).toBe(200);
    server.clock.advance(31 * 86_400);
    try {
      expect((await login('alice@example.com', 'alice-password')).status).toBe(403);
    } finally {
      server.clock.advance(-31 * 86_400);
    }
  });

  it.each([
    ['no body', undefined],
    ['an array', []],
    ['a missing password', { username: 'alice@example.com' }],
    ['a numeric username', { username: 42, password: 'x' }],
    ['an empty username', { username: '', password: 'x' }],
    ['a huge username', { username: 'a'.repeat(10_000), password: 'x' }],
    ['null', null],
  ])('answers 400 with a JSON error for %s', async (_case, body) => {
    const result = await call(server.baseUrl, '/api/v1/auth/login', { method: 'POST', body });
    expect(result.status).toBe(400);
    expect(errorCode(result)).toBe('invalid_request');
  });

  it('answers 400 for a body that is not JSON, and 413 for a body too large', async () => {
    const broken = await call(server.baseUrl, '/api/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: undefined,
    });
    expect(broken.status).toBe(400);
    const raw = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username": ',
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toMatchObject({ error: 'invalid_request' });
    const huge = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'a', password: 'b'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: 'payload_too_large' });
  });
});

describe('authenticate', () => {
  it('answers 401 without a token, with a malformed one, and for a disabled user', async () => {
    const none = await call(server.baseUrl, '/api/v1/auth/secure-token');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    const forged = await call(server.baseUrl, '/api/v1/auth/secure-token', { token: 'eyJhbGciOiJub25lIn0.e30.' });
    expect(forged.status).toBe(401);
    expect(errorCode(forged)).toBe('invalid_token');

    const db = server.database.db;
    const dave = await createAccount(db, { username: 'dave@example.com', password: 'dave-password', nowMs: server.clock() });
    const { accessToken } = loginResponseSchema.parse((await login('dave@example.com', 'dave-password')).json);
    expect((await call(server.baseUrl, '/api/v1/auth/secure-token', { token: accessToken })).status).toBe(200);
    await setUserDisabled(db, dave.id, true);
    expect((await call(server.baseUrl, '/api/v1/auth/secure-token', { token: accessToken })).status).toBe(401);
  });

  it('answers 401 token_expired once the access token outlives its TTL', async () => {
    const { accessToken } = loginResponseSchema.parse((await login('alice@example.com', 'alice-password')).json);
    server.clock.advance(server.config.accessTokenTtl + 1);
    try {
      const result = await call(server.baseUrl, '/api/v1/auth/secure-token', { token: accessToken });
      expect(result.status).toBe(401);
      expect(errorCode(result)).toBe('token_expired');
    } finally {
      server.clock.advance(-(server.config.accessTokenTtl + 1));
    }
  });
});
