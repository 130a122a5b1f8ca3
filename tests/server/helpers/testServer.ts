/** A real server on port 0 over a real SQLite file in a temporary folder, with a movable clock. */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../../server/config';
import { openDatabase, type DatabaseHandle } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import { buildApp, type AppDeps } from '../../../server/http/app';
import { openConversionQueue } from '../../../server/jobs/conversionQueue';
import { openBlobStore } from '../../../server/storage/openBlobStore';

export interface TestClock {
  (): number;
  advance(seconds: number): void;
}

export function testClock(start = Date.UTC(2026, 0, 15, 12, 0, 0)): TestClock {
  let now = start;
  const clock = (() => now) as TestClock;
  clock.advance = (seconds) => {
    now += seconds * 1000;
  };
  return clock;
}

export interface TestServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  clock: TestClock;
  baseUrl: string;
  dir: string;
  close(): Promise<void>;
}

export async function makeTempDir(prefix = 'cv-server-'): Promise<string> {
  return mkdtemp(path.join(tmpdir(), prefix));
}

export interface TestServerOptions {
  env?: Record<string, string>;
  /** Folder to use as DATA_DIR (kept afterwards); a fresh temporary one otherwise. */
  dir?: string;
  /** With a postgres DATABASE_URL in env: the schema to keep this server's tables in. */
  pgSchema?: string;
  /** Extra dependencies of the app (a converter for the upload sockets, their timeouts, a logger). */
  appDeps?: Pick<AppDeps, 'converter' | 'uploadTimeouts' | 'httpTimeouts' | 'redis' | 'conversionQueue' | 'logger'>;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dir = options.dir ?? (await makeTempDir());
  const config = loadConfig({ DATA_DIR: dir, STATIC_DIR: path.join(dir, 'dist'), ...options.env }, { cwd: dir });
  const database = await openDatabase(config.database, { pgSchema: options.pgSchema });
  await migrateToLatest(database);
  const clock = testClock();
  // DATA_DIR/blobs, or the bucket a BLOB_STORE_URL in env names.
  const blobs = await openBlobStore(config.blobStore);
  const app = await buildApp({
    config,
    db: database.db,
    blobs,
    tokenSecret: randomBytes(32),
    clock,
    // As main.ts: with the queue on (PostgreSQL), the app opens its own pg-boss queue.
    openConversionQueue,
    ...options.appDeps,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    database,
    config,
    clock,
    baseUrl: `http://127.0.0.1:${port}`,
    dir,
    async close() {
      await app.close();
      await database.close();
      await blobs.close?.();
      if (!options.dir) await rm(dir, { recursive: true, force: true });
    },
  };
}
