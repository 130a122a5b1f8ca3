import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponseSchema, refreshTokenResponseSchema, secureTokenResponseSchema } from '../../src/api/schemas';
import { createAccount } from './helpers/accounts';
import { call, cookieFrom, errorCode, type CallResult } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/testServer';
import { revokeUserRefreshTokens } from '../../server/db/tokens';
import { REFRESH_PURGE_EVERY_SECONDS, REFRESH_REUSE_GRACE_SECONDS } from '../../server/auth/refreshTokens';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await createAccount(server.database.db, { username: 'erin@example.com', password: 'erin-password', nowMs: server.clock() });
});
afterAll(() => server.close());

function refreshCookie(result: CallResult): string {
  const cookie = cookieFrom(result, 'refresh_token');
  if (!cookie || cookie.value === '') throw new Error(`no refresh cookie in ${result.status} ${result.text}`);
  return cookie.pair;
}

async function login(): Promise<{ accessToken: string; cookie: string }> {
  const result = await call(server.baseUrl, '/api/v1/auth/login', {
    body: { username: 'erin@example.com', password: 'erin-password' },
  });
  return { accessToken: loginResponseSchema.parse(result.json).accessToken, cookie: refreshCookie(result) };
}

const refresh = (cookie?: string) => call(server.baseUrl, '/api/v1/auth/refresh-token', { cookie });
const secureToken = (accessToken: string) => call(server.baseUrl, '/api/v1/auth/secure-token', { token: accessToken });

function expectCleared(result: CallResult) {
  const cookie = cookieFrom(result, 'refresh_token');
  expect(cookie?.value).toBe('');
  expect(cookie?.attributes).toMatch(/Path=\/api\/v1\/auth/);
}

describe('GET /api/v1/auth/refresh-token', () => {
  it('rotates the cookie on every use and answers a working access token', async () => {
    const { cookie: first } = await login();
    const one = await refresh(first);
    expect(one.status).toBe(200);
    const { accessToken } = refreshTokenResponseSchema.parse(one.json);
    const second = refreshCookie(one);
    expect(second).not.toBe(first);
    expect(cookieFrom(one, 'refresh_token')?.attributes).toMatch(/HttpOnly.*SameSite=Strict|SameSite=Strict.*HttpOnly/);
    expect((await secureToken(accessToken)).status).toBe(200);

    const two = await refresh(second);
    expect(two.status).toBe(200);
    expect(refreshCookie(two)).not.toBe(second);
  });

  it('answers 401 to a replayed token and revokes its whole family, newer token included', async () => {
    const { cookie: first } = await login();
    const rotated = await refresh(first);
    expect(rotated.status).toBe(200);
    const newer = refreshCookie(rotated);

    server.clock.advance(REFRESH_REUSE_GRACE_SECONDS + 1);
    const replay = await refresh(first);
    expect(replay.status).toBe(401);
    expect(errorCode(replay)).toBe('invalid_refresh_token');
    expectCleared(replay);

    const afterRevoke = await refresh(newer);
    expect(afterRevoke.status).toBe(401);
  });

  it('leaves other logins of the same user alone when one family is revoked', async () => {
    const a = await login();
    const b = await login();
    const rotated = await refresh(a.cookie);
    expect(rotated.status).toBe(200);
    server.clock.advance(REFRESH_REUSE_GRACE_SECONDS + 1);
    expect((await refresh(a.cookie)).status).toBe(401);
    expect((await refresh(b.cookie)).status).toBe(200);
  });

  it('two tabs refreshing with the same cookie at once both get a working session', async () => {
    const { cookie } = await login();
    const [one, two] = await Promise.all([refresh(cookie), refresh(cookie)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const tokens = [one, two].map((r) => refreshTokenResponseSchema.parse(r.json).accessToken);
    for (const token of tokens) expect((await secureToken(token)).status).toBe(200);
    // Each tab's new cookie goes on rotating.
    expect((await refresh(refreshCookie(one))).status).toBe(200);
    expect((await refresh(refreshCookie(two))).status).toBe(200);
  });

  it('a used token presented again within the grace window gets a sibling; after it, the family is revoked', async () => {
    const { cookie: first } = await login();
    const rotated = await refresh(first);
    server.clock.advance(REFRESH_REUSE_GRACE_SECONDS);
    const again = await refresh(first);
    expect(again.status).toBe(200);
    const sibling = refreshCookie(again);
    expect(sibling).not.toBe(refreshCookie(rotated));

    server.clock.advance(1);
    const replay = await refresh(first);
    expect(replay.status).toBe(401);
    expectCleared(replay);
    expect((await refresh(refreshCookie(rotated))).status).toBe(401);
    expect((await refresh(sibling)).status).toBe(401);
    expect((await secureToken(refreshTokenResponseSchema.parse(again.json).accessToken)).status).toBe(401);
  });

  it('answers 401 without a cookie, with an unknown one, and after the refresh TTL', async () => {
    expect((await refresh()).status).toBe(401);
    expect((await refresh('refresh_token=not-a-real-token')).status).toBe(401);
    const { cookie } = await login();
    server.clock.advance(server.config.refreshTokenTtl + 1);
    try {
      expect((await refresh(cookie)).status).toBe(401);
    } finally {
      server.clock.advance(-(server.config.refreshTokenTtl + 1));
    }
  });

  it('gives a fresh access token after the old one expired', async () => {
    const { accessToken, cookie } = await login();
    server.clock.advance(server.config.accessTokenTtl + 5);
    try {
      expect((await secureToken(accessToken)).status).toBe(401);
      const renewed = await refresh(cookie);
      expect(renewed.status).toBe(200);
      expect((await secureToken(refreshTokenResponseSchema.parse(renewed.json).accessToken)).status).toBe(200);
    } finally {
      server.clock.advance(-(server.config.accessTokenTtl + 5));
    }
  });
});

describe('GET /api/v1/auth/logout', () => {
  it('revokes the refresh family and clears the cookie', async () => {
    const { cookie } = await login();
    const rotated = await refresh(cookie);
    const current = refreshCookie(rotated);
    const out = await call(server.baseUrl, '/api/v1/auth/logout', { cookie: current });
    expect(out.status).toBe(200);
    expect(out.json).toEqual({ success: true });
    expectCleared(out);
    // The browser drops its HTTP cache of the site: nothing of the owner's answers stays.
    expect(out.headers.get('clear-site-data')).toBe('"cache"');
    expect((await refresh(current)).status).toBe(401);
  });

  const logout = (options: { cookie?: string; token?: string }) => call(server.baseUrl, '/api/v1/auth/logout', options);
  const projects = (accessToken: string) => call(server.baseUrl, '/api/v1/projects', { token: accessToken });

  it('without the cookie, ends the session of the bearer token it carries (its refresh cookie too)', async () => {
    const { accessToken, cookie } = await login();
    const out = await logout({ token: accessToken });
    expect(out.status).toBe(200);
    expect(out.json).toEqual({ success: true });
    expect(out.headers.get('clear-site-data')).toBe('"cache"');
    expect((await projects(accessToken)).status).toBe(401);
    expect((await refresh(cookie)).status).toBe(401);
  });

  it('ending nothing is not a success: no cookie and no token, or those of a session already ended, answer 401', async () => {
    const none = await logout({});
    expect(none.status).toBe(401);
    expect(errorCode(none)).toBe('no_session');
    expect(none.headers.get('cache-control')).toBe('no-store');
    expectCleared(none);
    const { accessToken, cookie } = await login();
    expect((await logout({ cookie })).status).toBe(200);
    expect((await logout({ cookie })).status).toBe(401);
    expect((await logout({ token: accessToken })).status).toBe(401);
    expect((await logout({ token: 'not-a-token' })).status).toBe(401);
  });

  it('is a GET (SPEC §7): other methods are not routes', async () => {
    const { cookie } = await login();
    expect((await call(server.baseUrl, '/api/v1/auth/logout', { method: 'POST', cookie })).status).toBe(404);
    expect((await refresh(cookie)).status).toBe(200);
  });
});

describe('GET /api/v1/auth/secure-token', () => {
  it('gives single-use tokens tied to the user', async () => {
    const { accessToken } = await login();
    const result = await secureToken(accessToken);
    const body = secureTokenResponseSchema.parse(result.json);
    expect(body.success).toBe(true);
    const second = secureTokenResponseSchema.parse((await secureToken(accessToken)).json);
    expect(second.secureToken).not.toBe(body.secureToken);

    const userId = await server.app.services.consumeSecureToken(body.secureToken);
    expect(userId).toBeTypeOf('number');
    expect(await server.app.services.consumeSecureToken(body.secureToken)).toBeUndefined();
    expect(await server.app.services.consumeSecureToken(second.secureToken)).toBe(userId);
  });

  it('expires after its TTL unused, and rejects unknown or absurd tokens', async () => {
    const { accessToken } = await login();
    const fresh = (await secureToken(accessToken)).json as { secureToken: string };
    const stale = (await secureToken(accessToken)).json as { secureToken: string };
    server.clock.advance(server.config.secureTokenTtl - 2);
    expect(await server.app.services.consumeSecureToken(fresh.secureToken)).toBeTypeOf('number');
    server.clock.advance(3);
    expect(await server.app.services.consumeSecureToken(stale.secureToken)).toBeUndefined();
    expect(await server.app.services.consumeSecureToken('')).toBeUndefined();
    expect(await server.app.services.consumeSecureToken('x'.repeat(10_000))).toBeUndefined();
    expect(await server.app.services.consumeSecureToken('unknown-token')).toBeUndefined();
  });
});

describe('access tokens end with their session', () => {
  const projects = (accessToken: string) => call(server.baseUrl, '/api/v1/projects', { token: accessToken });

  it('a logout stops its access token at once, and leaves another session working', async () => {
    const mine = await login();
    const other = await login();
    expect((await projects(mine.accessToken)).status).toBe(200);
    expect((await call(server.baseUrl, '/api/v1/auth/logout', { cookie: mine.cookie })).status).toBe(200);
    const after = await projects(mine.accessToken);
    expect(after.status).toBe(401);
    expect(errorCode(after)).toBe('token_expired');
    expect((await projects(other.accessToken)).status).toBe(200);
  });

  it('a refreshed token belongs to the same session: a logout stops it too', async () => {
    const { cookie } = await login();
    const refreshed = await refresh(cookie);
    const token = refreshTokenResponseSchema.parse(refreshed.json).accessToken;
    expect((await projects(token)).status).toBe(200);
    await call(server.baseUrl, '/api/v1/auth/logout', { cookie: refreshCookie(refreshed) });
    expect((await projects(token)).status).toBe(401);
  });

  it('ending all of a user’s sessions (password change, disabled user) stops every access token', async () => {
    const a = await login();
    const b = await login();
    const user = await server.database.db.selectFrom('users').select('id').where('username', '=', 'erin@example.com').executeTakeFirstOrThrow();
    await revokeUserRefreshTokens(server.database.db, user.id, Math.floor(server.clock() / 1000));
    expect((await projects(a.accessToken)).status).toBe(401);
    expect((await projects(b.accessToken)).status).toBe(401);
  });
});

describe('expired refresh tokens', () => {
  it('are deleted by a later login once the hour since the last purge has passed', async () => {
    const expiredBy = async (nowSeconds: number) =>
      Number((await server.database.db.selectFrom('refresh_tokens').select((eb) => eb.fn.countAll().as('n')).where('expires_at', '<=', nowSeconds).executeTakeFirstOrThrow()).n);
    // A plan that outlives the jump ahead, so that the later login is allowed.
    await server.database.db.updateTable('subscription_plans').set({ expiration_date: Math.floor(server.clock() / 1000) + 400 * 86_400 }).execute();
    await login();
    await login();
    const ahead = server.config.refreshTokenTtl + REFRESH_PURGE_EVERY_SECONDS + 1;
    server.clock.advance(ahead);
    try {
      const now = Math.floor(server.clock() / 1000);
      expect(await expiredBy(now)).toBeGreaterThanOrEqual(2);
      await login();
      expect(await expiredBy(now)).toBe(0);
      // The new login's token is kept.
      expect(Number((await server.database.db.selectFrom('refresh_tokens').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBeGreaterThanOrEqual(1);
    } finally {
      server.clock.advance(-ahead);
    }
  });
});
