/**
 * The built server (scripts/build-server.mjs), as `npm start` runs it: plain JavaScript started by
 * Node with no loader. Built into a temporary folder, started on a fresh data folder, it must print
 * the login line, answer the API, convert the demo kitchen in its conversion thread (whose file the
 * built converter must find) and stop cleanly; the admin entry point must run on its own too.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { loginResponseSchema, projectSchema } from '../../src/api/schemas';
import { call } from './helpers/http';
import { exitCode, firstLine, ROOT } from './helpers/spawnTsx';
import { makeTempDir } from './helpers/testServer';
import { until } from './helpers/until';

const run = promisify(execFile);
let dir: string;
let out: string;
beforeAll(async () => {
  dir = await makeTempDir('cv-build-');
  await mkdir(path.join(ROOT, '.tmp'), { recursive: true });
  // Inside the checkout, like dist-server/: the bundle imports packages from node_modules above it.
  out = await mkdtemp(path.join(ROOT, '.tmp', 'dist-server-'));
  await run(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs'), out], { cwd: ROOT });
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(out, { recursive: true, force: true });
});

// No NODE_OPTIONS either: nothing may teach Node TypeScript on the way.
const plainEnv = (extra: Record<string, string>) => {
  const env: Record<string, string | undefined> = { ...process.env, ...extra };
  delete env.NODE_OPTIONS;
  return env;
};


describe('the built server', () => {
  it('is plain JavaScript: one file per entry point, no import of our TypeScript sources', async () => {
    const files = (await readdir(out)).filter((name) => name.endsWith('.js')).sort();
    expect(files).toEqual(['admin.js', 'convert-worker.js', 'main.js', 'step-part-reader.js', 'worker.js']);
    for (const file of files) {
      const code = await readFile(path.join(out, file), 'utf8');
      // Relative imports would point at sources that are not beside the bundle.
      expect(code, file).not.toMatch(/from\s+["']\.\.?\//);
      expect(code, file).not.toMatch(/\bimport\(["']\.\.?\/[^"']*\.ts["']\)/);
    }
  });

  it('starts with node alone, converts the demo project in its thread, and stops on SIGTERM', async () => {
    const data = path.join(dir, 'data');
    const child = spawn(process.execPath, [path.join(out, 'main.js')], {
      cwd: dir,
      env: plainEnv({ DATA_DIR: data, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', STATIC_DIR: path.join(dir, 'dist') }),
    });
    try {
      const line = await firstLine(child, 30_000);
      const [, port, username, password] = /^Log in at http:\/\/localhost:(\d+)\/ with (\S+) \/ (\S+)$/.exec(line) ?? [];
      expect(port, line).toBeDefined();
      const baseUrl = `http://127.0.0.1:${port}`;
      const token = loginResponseSchema.parse((await call(baseUrl, '/api/v1/auth/login', { body: { username, password } })).json).accessToken;
      const [project] = await until(async () => {
        const list = z.array(projectSchema).parse((await call(baseUrl, '/api/v1/projects', { token })).json);
        return list.length > 0 ? list : undefined;
      }, 60_000);
      const model = await fetch(`${baseUrl}${project.modelUrl}`);
      expect(model.status).toBe(200);
      expect(new TextDecoder().decode((await model.arrayBuffer()).slice(0, 4))).toBe('glTF');
      // The default logo is part of the bundle (no file beside it).
      const logo = await fetch(`${baseUrl}/api/v1/branding/logo`, { headers: { authorization: `Bearer ${token}` } });
      expect(logo.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(await logo.text()).toMatch(/^<svg /);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exitCode(child)).toBe(0);
  }, 90_000);

  it('runs the admin command against that data folder', async () => {
    const { stdout } = await run(process.execPath, [path.join(out, 'admin.js'), 'user', 'list'], {
      cwd: dir,
      env: plainEnv({ DATA_DIR: path.join(dir, 'data') }),
    });
    expect(stdout).toMatch(/demo@example\.com/);
  });
});
