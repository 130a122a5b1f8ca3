import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponseSchema, refreshTokenResponseSchema, secureTokenResponseSchema } from '../../src/api/schemas';
import { REFRESH_REUSE_GRACE_SECONDS } from '../../server/auth/refreshTokens';
import { createAccount } from './helpers/accounts';
import { POSTGRES_URL, postgresReachable } from './helpers/databases';
import { call, cookieFrom } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/testServer';

const reachable = await postgresReachable();
if (!reachable) console.warn(`PostgreSQL at ${POSTGRES_URL} is not reachable: the HTTP auth flow runs on SQLite only.`);

describe.runIf(reachable)('the auth flow over HTTP on PostgreSQL', () => {
  const schema = `test_http_${process.pid}_${randomBytes(4).toString('hex')}`;
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { DATABASE_URL: POSTGRES_URL }, pgSchema: schema });
    await createAccount(server.database.db, { username: 'pat@example.com', password: 'pat-password', nowMs: server.clock() });
  });
  afterAll(async () => {
    await server.close();
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  it('logs in, rotates, detects a replay, and hands out a secure token', async () => {
    expect(server.database.dialect).toBe('postgres');
    const login = await call(server.baseUrl, '/api/v1/auth/login', { body: { username: 'pat@example.com', password: 'pat-password' } });
    expect(login.status).toBe(200);
    const { accessToken } = loginResponseSchema.parse(login.json);
    const first = cookieFrom(login, 'refresh_token')!.pair;
    const secure = secureTokenResponseSchema.parse((await call(server.baseUrl, '/api/v1/auth/secure-token', { token: accessToken })).json);
    expect(await server.app.services.consumeSecureToken(secure.secureToken)).toBeTypeOf('number');
    expect(await server.app.services.consumeSecureToken(secure.secureToken)).toBeUndefined();

    const rotated = await call(server.baseUrl, '/api/v1/auth/refresh-token', { cookie: first });
    expect(rotated.status).toBe(200);
    refreshTokenResponseSchema.parse(rotated.json);
    const newer = cookieFrom(rotated, 'refresh_token')!.pair;
    server.clock.advance(REFRESH_REUSE_GRACE_SECONDS + 1);
    expect((await call(server.baseUrl, '/api/v1/auth/refresh-token', { cookie: first })).status).toBe(401);
    expect((await call(server.baseUrl, '/api/v1/auth/refresh-token', { cookie: newer })).status).toBe(401);
    // The replay ended the session: its access token stops too.
    expect((await call(server.baseUrl, '/api/v1/auth/secure-token', { token: accessToken })).status).toBe(401);
  });

  it('two refreshes with the same cookie at once both succeed', async () => {
    const login = await call(server.baseUrl, '/api/v1/auth/login', { body: { username: 'pat@example.com', password: 'pat-password' } });
    const cookie = cookieFrom(login, 'refresh_token')!.pair;
    const results = await Promise.all([1, 2, 3].map(() => call(server.baseUrl, '/api/v1/auth/refresh-token', { cookie })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    for (const result of results) {
      const next = cookieFrom(result, 'refresh_token')!.pair;
      expect((await call(server.baseUrl, '/api/v1/auth/refresh-token', { cookie: next })).status).toBe(200);
    }
  });
});
