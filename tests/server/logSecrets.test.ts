/**
 * Secrets stay out of the log: a whole session (login, calls with the access token, a refresh with
 * the refresh cookie, logout) at the most verbose level leaves neither the password, nor an access
 * token, nor the refresh cookie in any log line. (The upload socket's token: uploadSocketsFailures.)
 */
import { describe, expect, it } from 'vitest';
import { REFRESH_COOKIE } from '../../server/http/refreshCookie';
import { createAccount } from './helpers/accounts';
import { call, cookieFrom } from './helpers/http';
import { startTestServer } from './helpers/testServer';

describe('the log', () => {
  it('carries no password, access token or refresh cookie of a whole session, at any level', async () => {
    const lines: string[] = [];
    const server = await startTestServer({ appDeps: { logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } } } });
    try {
      const password = 'correct-horse-battery-staple-42';
      await createAccount(server.database.db, { username: 'maker@example.com', password, nowMs: server.clock() });
      const secrets: string[] = [password];
      const login = await call(server.baseUrl, '/api/v1/auth/login', { body: { username: 'maker@example.com', password } });
      expect(login.status).toBe(200);
      const access = (login.json as { accessToken: string }).accessToken;
      const refresh = cookieFrom(login, REFRESH_COOKIE)!;
      secrets.push(access, refresh.value);
      expect((await call(server.baseUrl, '/api/v1/projects', { token: access })).status).toBe(200);
      // A wrong password is logged as a refusal, never as its text.
      const wrong = 'wrong-password-never-logged-7';
      secrets.push(wrong);
      expect((await call(server.baseUrl, '/api/v1/auth/login', { body: { username: 'maker@example.com', password: wrong } })).status).toBe(401);
      const refreshed = await call(server.baseUrl, '/api/v1/auth/refresh-token', { cookie: refresh.pair });
      expect(refreshed.status).toBe(200);
      const next = (refreshed.json as { accessToken: string }).accessToken;
      secrets.push(next);
      const rotated = cookieFrom(refreshed, REFRESH_COOKIE);
      if (rotated) secrets.push(rotated.value);
      expect((await call(server.baseUrl, '/api/v1/auth/logout', { token: next, cookie: (rotated ?? refresh).pair })).status).toBeLessThan(400);
      // The session was logged (so the check below reads a real log), and no line holds a secret.
      expect(lines.some((line) => line.includes('/api/v1/auth/refresh-token'))).toBe(true);
      for (const secret of secrets) expect(lines.filter((line) => line.includes(secret)), secret.slice(0, 6)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
