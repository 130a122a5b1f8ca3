/**
 * engine-test.html loads any `?model=` URL into the engine: a page for the end-to-end tests and
 * the benches, left out of a production build and never served by a production server.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildInputs } from '../../vite.config';
import { call } from './helpers/http';
import { makeTempDir, startTestServer, type TestServer } from './helpers/testServer';

describe('the build', () => {
  it('has the engine test page only when ENGINE_TEST_PAGE=1 asks for it', () => {
    expect(Object.values(buildInputs({}))).not.toContain('engine-test.html');
    expect(Object.values(buildInputs({ NODE_ENV: 'production' }))).not.toContain('engine-test.html');
    expect(buildInputs({ ENGINE_TEST_PAGE: '1' })).toMatchObject({ main: 'index.html', engineTest: 'engine-test.html' });
  });
});

describe('the server', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) {
      await server.close();
      await rm(server.dir, { recursive: true, force: true });
    }
  });

  async function serverWithPage(nodeEnv: string): Promise<TestServer> {
    const dir = await makeTempDir();
    await mkdir(path.join(dir, 'dist'), { recursive: true });
    await writeFile(path.join(dir, 'dist', 'index.html'), '<!doctype html><title>app</title>');
    await writeFile(path.join(dir, 'dist', 'engine-test.html'), '<!doctype html><title>engine test</title>');
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = nodeEnv;
    try {
      const server = await startTestServer({ dir });
      servers.push(server);
      return server;
    } finally {
      process.env.NODE_ENV = before;
    }
  }

  it('in production, never serves the page, even when a build has it (the path is then an app page)', async () => {
    const server = await serverWithPage('production');
    for (const url of ['/engine-test.html', '/engine-test.html?model=/api/v1/models/x.glb']) {
      const result = await call(server.baseUrl, url);
      expect(result.text).not.toContain('engine test');
      expect(result.text).toContain('<title>app</title>');
    }
  });

  it('in development and tests, serves it', async () => {
    const server = await serverWithPage('test');
    const result = await call(server.baseUrl, '/engine-test.html');
    expect(result.status).toBe(200);
    expect(result.text).toContain('engine test');
  });
});
