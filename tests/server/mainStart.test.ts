import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponseSchema, runtimeConfigSchema } from '../../src/api/schemas';
import { call } from './helpers/http';
import { exitCode, firstLine, spawnTsx } from './helpers/spawnTsx';
import { makeTempDir } from './helpers/testServer';

let dir: string;
beforeAll(async () => {
  dir = await makeTempDir('cv-main-');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const env = () => ({ DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', STATIC_DIR: `${dir}/dist` });

describe('npm run server', () => {
  it('creates the demo account on first start, prints one line to log in, and stops cleanly on SIGTERM', async () => {
    const first = spawnTsx('server/main.ts', env());
    const line = await firstLine(first);
    const match = /^Log in at (http:\/\/localhost:(\d+))\/ with (\S+) \/ (\S+)$/.exec(line);
    expect(match, line).not.toBeNull();
    const [, , port, username, password] = match!;
    expect(username).toBe('demo@example.com');
    const baseUrl = `http://127.0.0.1:${port}`;

    const login = await call(baseUrl, '/api/v1/auth/login', { body: { username, password } });
    expect(login.status).toBe(200);
    expect(loginResponseSchema.parse(login.json).userInfo.fullName).toBe('Demo User');
    runtimeConfigSchema.parse((await call(baseUrl, '/config.json')).json);

    first.kill('SIGTERM');
    expect(await exitCode(first)).toBe(0);

    // Second start: the account exists, so no new password is made or printed; the old one still works.
    const second = spawnTsx('server/main.ts', env());
    const again = await firstLine(second);
    const served = /^Serving at http:\/\/localhost:(\d+)\/$/.exec(again);
    expect(served, again).not.toBeNull();
    const relogin = await call(`http://127.0.0.1:${served![1]}`, '/api/v1/auth/login', { body: { username, password } });
    expect(relogin.status).toBe(200);
    second.kill('SIGINT');
    expect(await exitCode(second)).toBe(0);
  });

  it('refuses a bad configuration with exit code 2 and names the setting', async () => {
    const child = spawnTsx('server/main.ts', { ...env(), PORT: 'not-a-port' });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await exitCode(child)).toBe(2);
    expect(stderr).toMatch(/PORT:/);
  });
});
