import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, runtimeConfigSchema } from '../../src/api/schemas';
import { call } from './helpers/http';
import { makeTempDir, startTestServer, type TestServer } from './helpers/testServer';

const INDEX = '<!doctype html><title>app</title><div id="root"></div>';
const SCRIPT = 'console.log("app")';

let server: TestServer;

beforeAll(async () => {
  const dir = await makeTempDir();
  const dist = path.join(dir, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'assets', 'index-3f2a9c1b.js'), SCRIPT);
  await writeFile(path.join(dir, 'secret.txt'), 'TOP SECRET');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  server = await startTestServer({ env: { ACCOUNT_SITE_URL: 'https://accounts.example.org/' }, dir });
});
afterAll(() => server.close());

describe('the built single-page app', () => {
  it('serves index.html at / without long caching', async () => {
    const result = await call(server.baseUrl, '/');
    expect(result.status).toBe(200);
    expect(result.text).toBe(INDEX);
    expect(result.headers.get('content-type')).toMatch(/text\/html/);
    expect(result.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers the app with 404 for a link that leads nowhere, so that no cache keeps it', async () => {
    const result = await call(server.baseUrl, '/s/AbC123xyz');
    expect(result.status).toBe(404);
    expect(result.text).toBe(INDEX);
  });

  it.each(['/login', '/projects/42', '/sandbox', '/fr', '/some/unknown/page'])(
    'answers index.html for the client route %s',
    async (route) => {
      const result = await call(server.baseUrl, route);
      expect(result.status).toBe(200);
      expect(result.text).toBe(INDEX);
      expect(result.headers.get('cache-control')).toBe('no-cache');
    },
  );

  it('caches hashed assets for a year, other files are revalidated', async () => {
    const asset = await call(server.baseUrl, '/assets/index-3f2a9c1b.js');
    expect(asset.status).toBe(200);
    expect(asset.text).toBe(SCRIPT);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await call(server.baseUrl, '/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it.each([
    ['GET', '/api/v1/unknown'],
    ['GET', '/api/v1/projects/whatever/deep'],
    ['GET', '/assets/missing-0000.js'],
    ['POST', '/projects/42'],
    ['DELETE', '/api/v1/auth/login'],
  ])('answers a JSON 404 for %s %s', async (method, route) => {
    const result = await call(server.baseUrl, route, { method });
    expect(result.status).toBe(404);
    expect(apiErrorSchema.parse(result.json).error).toBe('not_found');
  });

  it.each(['/..%2fsecret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/..%5csecret.txt'])(
    'never serves a file outside the dist folder (%s)',
    async (route) => {
      const result = await fetch(`${server.baseUrl}${route}`);
      expect(await result.text()).not.toContain('TOP SECRET');
    },
  );
});

describe('GET /config.json', () => {
  it('answers the runtime configuration of the contract', async () => {
    const result = await call(server.baseUrl, '/config.json');
    expect(result.status).toBe(200);
    expect(runtimeConfigSchema.parse(result.json)).toEqual({
      accountSiteUrl: 'https://accounts.example.org',
      version: '2025-10-24-1',
      apiBase: '/api/v1',
    });
    expect(result.headers.get('cache-control')).toBe('no-cache');
  });
});

describe('without a build', () => {
  it('says how to build the app instead of failing', async () => {
    const bare = await startTestServer();
    try {
      const result = await call(bare.baseUrl, '/projects/1');
      expect(result.status).toBe(404);
      expect(apiErrorSchema.parse(result.json).message).toMatch(/npm run build/);
      expect((await call(bare.baseUrl, '/config.json')).status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
