/**
 * A conversion worker process whose conversions never end (after one status): the real queue
 * worker with a converter that hangs, so a test can kill it while its job is active. Prints one
 * line on stdout once it takes jobs. Same environment as `npm run worker`.
 */
import { loadConfig } from '../../../server/config';
import type { Converter } from '../../../server/convert/converter';
import { openDatabase } from '../../../server/db/database';
import { bossSchemaFor, openBoss } from '../../../server/jobs/conversionQueue';
import { startConversionWorker } from '../../../server/jobs/conversionWorker';
import { openBlobStore } from '../../../server/storage/openBlobStore';

const config = loadConfig(process.env);
if (config.database.kind !== 'postgres') throw new Error('a postgres DATABASE_URL is needed');
const database = await openDatabase(config.database);
const blobs = await openBlobStore(config.blobStore);
const converter: Converter = {
  convert({ onProgress }) {
    onProgress?.(0.1, 'Reading the file');
    return new Promise(() => undefined);
  },
  close: async () => undefined,
};
const boss = await openBoss({ url: config.database.url, appSchema: database.schema, convertTimeoutSeconds: config.convertTimeoutSeconds });
await startConversionWorker({ db: database.db, blobs, boss, bossSchema: bossSchemaFor(database.schema), converter, revisionsKept: config.revisionsKept }, 1);
process.stdout.write('stuck worker taking jobs\n');
