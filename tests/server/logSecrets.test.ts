/**
 * Secrets stay out of the log: a whole session (login, calls with the access token, a refresh with
 * the refresh cookie, logout) at the most verbose level leaves neither the password, nor an access
 * token, nor the refresh cookie in any log line. A secret in the query stays out whatever the
 * spelling of its parameter's name (percent-encoded, upper case), as the server reads the name
 * decoded. (The upload socket's token otherwise: uploadSocketsFailures.)
 */
import { describe, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import { socketUrl } from '../../src/api/uploadSocket';
import { REFRESH_COOKIE } from '../../server/http/refreshCookie';
import { createAccount } from './helpers/accounts';
import { call, cookieFrom } from './helpers/http';
import { addUser } from './helpers/projectFixtures';
import { startTestServer } from './helpers/testServer';
import { secureToken, startUploadServer } from './helpers/uploads';

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

  it('carries no secret of the query, whatever the spelling of its parameter name', async () => {
    const lines: string[] = [];
    const server = await startUploadServer({
      withConverter: false,
      appDeps: { logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } } },
    });
    try {
      const owner = await addUser(server);
      // The name percent-encoded (`%74` is `t`): the server reads `token`, and takes the socket.
      const token = await secureToken(server, owner.token);
      const socket = new NodeWebSocket(`${socketUrl('/api/v1', 'projects/create', server.baseUrl)}?%74oken=${token}`);
      const refusals: string[] = [];
      socket.on('message', (data) => refusals.push(String(data)));
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(refusals).toEqual([]);
      socket.close();
      await new Promise((resolve) => socket.once('close', resolve));
      await server.app.uploadSockets.idle();
      // Other spellings, on any route: upper case, encoded in part or twice, after another parameter,
      // and the other secrets a query may carry (an old revision's signature, an access key).
      const secrets = [token];
      const spellings = ['%54OKEN', 'TOKEN', 'to%6B%65n', '%2574oken', 'x=1&%74oken', 'sig', '%73ig', 'accessKey', 'access_key', 'secret', 'password'];
      for (const [i, name] of spellings.entries()) {
        const secret = `secret-value-${i}-${'q'.repeat(12)}`;
        secrets.push(secret);
        await call(server.baseUrl, `/api/v1/projects/create?${name}=${secret}&unit=mm`);
      }
      expect(lines.some((line) => line.includes('/api/v1/projects/create?%74oken=[redacted]'))).toBe(true);
      // What is not a secret stays readable.
      expect(lines.some((line) => line.includes('&unit=mm'))).toBe(true);
      for (const secret of secrets) expect(lines.filter((line) => line.includes(secret)), secret.slice(0, 16)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
