/**
 * Liveness and readiness for an orchestrator: /healthz answers while the process does; /readyz
 * names each dependency and fails (503) when one of them does not answer: the database, the blob
 * store, Redis.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestRedis, redisReachable, type TestRedis } from './helpers/redis';
import { startTestServer, type TestServer } from './helpers/testServer';

const redisUp = await redisReachable();

let servers: TestServer[] = [];
let stores: TestRedis[] = [];
let clients: Redis[] = [];
afterEach(async () => {
  for (const server of servers) await server.close().catch(() => undefined);
  for (const store of stores) await store.dispose();
  for (const client of clients) client.disconnect();
  servers = [];
  stores = [];
  clients = [];
});

async function server(options: Parameters<typeof startTestServer>[0] = {}) {
  const s = await startTestServer(options);
  servers.push(s);
  return s;
}

async function readyz(s: TestServer) {
  const response = await fetch(`${s.baseUrl}/readyz`);
  return { status: response.status, cache: response.headers.get('cache-control'), body: (await response.json()) as { status: string; dependencies: Array<{ name: string; ok: boolean; error?: string }> } };
}

const states = (body: { dependencies: Array<{ name: string; ok: boolean }> }) => Object.fromEntries(body.dependencies.map((d) => [d.name, d.ok]));

describe('health and readiness', () => {
  it('the process answers /healthz, and /readyz names the database and the blob store, ready', async () => {
    const s = await server();
    const health = await fetch(`${s.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await readyz(s);
    expect(ready.status).toBe(200);
    expect(ready.cache).toBe('no-store');
    expect(ready.body.status).toBe('ready');
    expect(states(ready.body)).toEqual({ database: true, blobStore: true });
    // The probe leaves nothing behind in the store.
    expect(await s.app.services.blobs.stat(`health/probe-${process.pid}`)).toBeUndefined();
  });

  it('is not ready, naming the blob store, when its folder cannot be written', async () => {
    const s = await server();
    const blobs = path.join(s.dir, 'blobs');
    await rm(blobs, { recursive: true, force: true });
    await writeFile(blobs, 'not a folder');
    const ready = await readyz(s);
    expect(ready.status).toBe(503);
    expect(ready.body.status).toBe('not ready');
    expect(states(ready.body)).toEqual({ database: true, blobStore: false });
    expect(ready.body.dependencies.find((d) => d.name === 'blobStore')?.error).toBeTruthy();
    // Alive all the same: an orchestrator does not restart it for a dependency.
    expect((await fetch(`${s.baseUrl}/healthz`)).status).toBe(200);
  });

  it('is not ready, naming the database, when the database is gone', async () => {
    const s = await server();
    await s.database.db.destroy();
    const ready = await readyz(s);
    expect(ready.status).toBe(503);
    expect(states(ready.body)).toMatchObject({ database: false });
  });

  it('is not ready, naming Redis, when the Redis the limits are shared through does not answer', async () => {
    const dead = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    dead.on('error', () => undefined);
    clients.push(dead);
    const s = await server({ appDeps: { redis: dead } });
    const ready = await readyz(s);
    expect(ready.status).toBe(503);
    expect(states(ready.body)).toEqual({ database: true, blobStore: true, redis: false });
  });

  it.skipIf(!redisUp)('is ready with the Redis the limits are shared through', async () => {
    const store = await openTestRedis();
    stores.push(store);
    const s = await server({ appDeps: { redis: store.client } });
    const ready = await readyz(s);
    expect(ready.status).toBe(200);
    expect(states(ready.body)).toEqual({ database: true, blobStore: true, redis: true });
  });
});
