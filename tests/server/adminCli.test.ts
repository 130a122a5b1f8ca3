import { mkdtempSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponseSchema } from '../../src/api/schemas';
import { runAdmin } from '../../server/cli/admin';
import { call, errorCode } from './helpers/http';
import { runTsx } from './helpers/spawnTsx';
import { makeTempDir, startTestServer, type TestServer } from './helpers/testServer';

let dir: string;
let server: TestServer;

beforeAll(async () => {
  dir = await makeTempDir('cv-cli-');
  // The server runs on the same DATA_DIR while the command writes to it.
  server = await startTestServer({ dir });
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const admin = (...args: string[]) => runTsx('server/cli/admin.ts', args, { DATA_DIR: dir });

async function inProcess(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(args, { DATA_DIR: dir }, (l) => out.push(l), (l) => err.push(l));
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

const login = (username: string, password: string) =>
  call(server.baseUrl, '/api/v1/auth/login', { body: { username, password } });

describe('npm run admin', () => {
  it('creates a user and a plan that log in over HTTP on the running server', async () => {
    const added = await admin('user', 'add', 'Frank@Example.com', '--password', 'frank-password', '--name', 'Frank Lloyd');
    expect(added).toMatchObject({ code: 0 });
    expect(added.stdout).toMatch(/Created user frank@example\.com/);
    expect(errorCode(await login('frank@example.com', 'frank-password'))).toBe('no_active_subscription');

    const plan = await admin('plan', 'add', 'frank@example.com', '--sku', 'PRO', '--name', 'Pro', '--credits', '5', '--updates-per-credit', '2', '--days', '10');
    expect(plan.code).toBe(0);
    const result = await login('frank@example.com', 'frank-password');
    expect(result.status).toBe(200);
    expect(loginResponseSchema.parse(result.json).userInfo.fullName).toBe('Frank Lloyd');

    const list = await inProcess('user', 'list');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/frank@example\.com\s+Frank Lloyd\s+active/);
  });

  it('lists plans with credits, and takes UNLIMITED without credits', async () => {
    await inProcess('user', 'add', 'gina@example.com', '--password', 'gina-password');
    expect((await inProcess('plan', 'add', 'gina@example.com', '--sku', 'unlimited', '--name', 'Unlimited')).code).toBe(0);
    expect((await inProcess('plan', 'add', 'gina@example.com', '--sku', 'PRO', '--name', 'Pro', '--credits', '4')).code).toBe(0);
    const list = await inProcess('plan', 'list', 'gina@example.com');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/UNLIMITED\s+Unlimited\s+-\s+unlimited\s+3\s/);
    expect(list.stdout).toMatch(/PRO\s+Pro\s+0\/4\s+4\s+3\s/);
    expect((await login('gina@example.com', 'gina-password')).status).toBe(200);
  });

  it('disables a user and changes a password, ending their sessions', async () => {
    await inProcess('user', 'add', 'hugo@example.com', '--password', 'hugo-password');
    await inProcess('plan', 'add', 'hugo@example.com', '--sku', 'PRO', '--name', 'Pro', '--credits', '1');
    const first = await login('hugo@example.com', 'hugo-password');
    const cookie = first.setCookies[0].split(';')[0];
    expect((await inProcess('user', 'password', 'hugo@example.com', '--password', 'new-hugo-password')).code).toBe(0);
    expect((await call(server.baseUrl, '/api/v1/auth/refresh-token', { cookie })).status).toBe(401);
    expect((await login('hugo@example.com', 'hugo-password')).status).toBe(401);
    expect((await login('hugo@example.com', 'new-hugo-password')).status).toBe(200);

    expect((await inProcess('user', 'disable', 'hugo@example.com')).code).toBe(0);
    expect((await login('hugo@example.com', 'new-hugo-password')).status).toBe(401);
    expect((await inProcess('user', 'list')).stdout).toMatch(/hugo@example\.com\s+\S*\s*disabled/);
  });

  it.each([
    [['user', 'add', 'x@example.com'], 2, /--password is required/],
    [['user', 'add', 'x@example.com', '--password', 'short'], 2, /at least 8/],
    // The owner's full name is the author of their notes: the single-line name rule of the product.
    [['user', 'add', 'x@example.com', '--password', 'long-enough', '--name', 'Owner\u202eX'], 2, /control characters/],
    [['user', 'add', 'x@example.com', '--password', 'long-enough', '--name', 'Owner\nOpen the project: http://evil.example'], 2, /control characters/],
    [['user', 'add', 'a@example.com', 'b@example.com', '--password', 'long-enough'], 2, /exactly one/],
    [['user', 'add', 'gina@example.com', '--password', 'long-enough'], 1, /already exists/],
    [['user', 'disable', 'nobody@example.com'], 1, /No user named nobody@example.com/],
    [['user', 'frobnicate'], 2, /Unknown user command/],
    [['plan', 'add', 'gina@example.com', '--sku', 'PRO', '--name', 'Pro'], 2, /--credits is required/],
    [['plan', 'add', 'gina@example.com', '--sku', 'PRO', '--name', 'Pro', '--credits', 'many'], 2, /whole number/],
    [['plan', 'add', 'gina@example.com', '--sku', 'P R O', '--name', 'Pro', '--credits', '1'], 2, /letters, digits/],
    [['plan', 'add', 'gina@example.com', '--sku', 'PRO', '--credits', '1'], 2, /--name is required/],
    [['plan', 'list', 'nobody@example.com'], 1, /No user named/],
    [['user', 'add', 'x@example.com', '--colour', 'red'], 2, /Unknown option/],
    [['projects'], 2, /Unknown command "projects"/],
  ])('%j exits with %i and says why', async (args, code, message) => {
    const result = await inProcess(...(args as string[]));
    expect(result.code).toBe(code);
    expect(result.stderr).toMatch(message);
  });

  it('refuses a DATA_DIR without the server\'s database instead of making a second one', async () => {
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'admin-elsewhere-'));
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(['user', 'list'], { DATA_DIR: elsewhere }, (l) => out.push(l), (l) => err.push(l));
    expect(code).toBe(1);
    expect(err.join('\n')).toMatch(/^No database at .*: start the server once, or set DATA_DIR to the folder the server uses\.$/);
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it('prints the usage for help', async () => {
    const result = await inProcess('help');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/plan add <username> --sku <SKU>/);
  });

  it('exits with 1 on a real process failure and reports it on stderr', async () => {
    const result = await admin('user', 'disable', 'nobody@example.com');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/No user named/);
  });
});
