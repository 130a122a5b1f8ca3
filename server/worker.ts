/**
 * `npm run worker`: a conversion worker process. config -> PostgreSQL (migrated) -> blob store ->
 * conversion pool of CONVERT_THREADS threads -> takes jobs of the conversion queue until SIGINT or
 * SIGTERM (a job cut short runs again on another worker once it expires). Prints one line on stdout
 * once it takes jobs.
 */
import { mkdir } from 'node:fs/promises';
import { ConfigError, loadConfig } from './config';
import { createConverter } from './convert/converter';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { bossSchemaFor, openBoss } from './jobs/conversionQueue';
import { startConversionWorker } from './jobs/conversionWorker';
import { stopOnSignals } from './shutdown';
import { openBlobStore } from './storage/openBlobStore';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  if (config.database.kind !== 'postgres') throw new ConfigError(['DATABASE_URL: the conversion worker needs a postgres:// database']);
  if (config.convertThreads === 0) throw new ConfigError(['CONVERT_THREADS: a worker needs at least one conversion thread']);
  await mkdir(config.dataDir, { recursive: true });
  const database = await openDatabase(config.database);
  await migrateToLatest(database);
  const blobs = await openBlobStore(config.blobStore);
  const converter = createConverter({
    threads: config.convertThreads,
    partThreads: config.convertPartThreads,
    maxFileBytes: config.maxUploadBytes,
    timeoutMs: config.convertTimeoutSeconds * 1000,
    memoryLimitMb: config.convertMemoryMb,
  });
  const boss = await openBoss({ url: config.database.url, appSchema: database.schema, convertTimeoutSeconds: config.convertTimeoutSeconds });
  const worker = await startConversionWorker(
    { db: database.db, blobs, boss, bossSchema: bossSchemaFor(database.schema), converter, revisionsKept: config.revisionsKept },
    config.convertThreads,
  );

  stopOnSignals(async () => {
    await worker.stop();
    await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    await converter.close();
    await blobs.close?.();
    await database.close();
  });
  process.stdout.write(`Converting queued uploads with ${config.convertThreads} thread${config.convertThreads === 1 ? '' : 's'}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(error instanceof ConfigError ? 2 : 1);
});
