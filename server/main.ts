/**
 * The server: config -> database (migrated) -> what a killed run left in the data folder swept ->
 * blob store -> conversion pool -> first-start account -> http; the demo project is converted in
 * the background once the server listens.
 */
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { ConfigError, loadConfig, publicOrigin } from './config';
import { resolveTokenSecret } from './auth/tokenSecret';
import { createConverter } from './convert/converter';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { systemClock, toSeconds } from './domain/clock';
import { buildApp } from './http/app';
import { bossSchemaFor, openBoss, openConversionQueue } from './jobs/conversionQueue';
import { startConversionWorker } from './jobs/conversionWorker';
import { ensureDemoAccount } from './seed/demoAccount';
import { sweepLeftovers } from './storage/leftoverSweep';
import { openBlobStore } from './storage/openBlobStore';
import { stopOnSignals } from './shutdown';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  await mkdir(config.dataDir, { recursive: true });
  const database = await openDatabase(config.database);
  await migrateToLatest(database);
  // What an earlier run left behind when it was killed; nothing of this process exists yet. Only in
  // the local folder: a bucket may be shared by several API processes, where another one's upload
  // in flight looks just like a leftover (S3 shows no half-written object; a bucket lifecycle rule
  // ends unfinished multipart uploads).
  const swept =
    config.blobStore.kind === 'local'
      ? await sweepLeftovers({ db: database.db, blobsRoot: config.blobStore.root, startedAtMs: performance.timeOrigin })
      : undefined;
  const blobs = await openBlobStore(config.blobStore);
  const tokenSecret = await resolveTokenSecret(config);

  const converter = createConverter({
    threads: config.convertThreads,
    partThreads: config.convertPartThreads,
    maxFileBytes: config.maxUploadBytes,
    timeoutMs: config.convertTimeoutSeconds * 1000,
    memoryLimitMb: config.convertMemoryMb,
  });

  const demo = await ensureDemoAccount(database.db, config, toSeconds(systemClock()));

  const app = await buildApp({
    config,
    db: database.db,
    blobs,
    tokenSecret,
    converter,
    openConversionQueue,
    // Logs go to stderr: stdout carries only the line telling how to reach the app.
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, stream: process.stderr },
  });
  // With the queue on and threads of its own, this process also takes conversion jobs (any API process's).
  const worker =
    config.convertQueue && config.convertThreads > 0 && config.database.kind === 'postgres'
      ? await startInProcessWorker(config.database.url, database.schema)
      : undefined;
  async function startInProcessWorker(url: string, appSchema: string | undefined) {
    const boss = await openBoss({ url, appSchema, convertTimeoutSeconds: config.convertTimeoutSeconds }, app.log);
    const jobs = await startConversionWorker(
      { db: database.db, blobs, boss, bossSchema: bossSchemaFor(appSchema), converter, revisionsKept: config.revisionsKept, log: app.log },
      config.convertThreads,
    );
    return { stop: async () => (await jobs.stop(), await boss.stop({ graceful: true, wait: true, timeout: 5000 })) };
  }
  if (swept && Object.values(swept).some((count) => count > 0)) app.log.info(swept, 'removed what an interrupted run left in the data folder');

  // Handlers first: a signal that comes once the line below is out must find them installed.
  const seeding = new AbortController();
  stopOnSignals(async () => {
    seeding.abort();
    // Readiness fails, no new connection, the upload sockets finish (drain.ts); then the app closes.
    await app.drain.closeGracefully(config.shutdownGraceSeconds * 1000);
    await worker?.stop();
    await converter.close();
    await blobs.close?.();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as AddressInfo).port;
  const origin = publicOrigin(config, port);
  process.stdout.write(
    demo ? `Log in at ${origin}/ with ${demo.username} / ${demo.password}\n` : `Serving at ${origin}/\n`,
  );
  if (demo) {
    const started = Date.now();
    import('./seed/demoProject')
      .then(({ seedDemoProject }) =>
        seedDemoProject({ db: database.db, blobs, converter, userId: demo.user.id, nowSeconds: toSeconds(systemClock()), signal: seeding.signal }),
      )
      .then(
        (projectId) => app.log.info({ projectId, ms: Date.now() - started }, 'demo project ready'),
        (error: unknown) => {
          if (seeding.signal.aborted) app.log.warn('demo project not created: the server stopped first');
          else app.log.error({ err: error }, 'demo project could not be created');
        },
      );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(error instanceof ConfigError ? 2 : 1);
});
