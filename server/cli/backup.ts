/**
 * Backup and restore of the embedded install (SQLite and the local data folder), while the server
 * runs: `npm run admin -- backup DIR`, `npm run admin -- restore DIR`.
 *
 * Backup takes the database first, through SQLite's online backup (a consistent copy while writers
 * go on), then copies the rest of the data folder (the blobs, the token secret). A revision is
 * committed to the database only after its files are written, so every project and revision the
 * copied database knows has its files in the copied folder; files written later are orphans the
 * server's start-up sweep removes. Restore copies a backup into a data folder that holds no
 * database yet (a fresh folder, or the old one emptied), with the server stopped.
 *
 * PostgreSQL and S3 are backed up with their own tools (pg_dump or point-in-time recovery, the
 * bucket's versioning or replication): see the README.
 */
import { existsSync } from 'node:fs';
import { copyFile, cp, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { Config } from '../config';
import { CommandError } from './usage';

/** The database's name inside a backup folder. */
const BACKUP_DATABASE = 'app.sqlite';

function embedded(config: Config): { databaseFile: string; dataDir: string } {
  if (config.database.kind !== 'sqlite' || config.database.file === ':memory:' || config.blobStore.kind !== 'local') {
    throw new CommandError('backup and restore cover the embedded install (SQLite and the local data folder); back up PostgreSQL with pg_dump and the bucket with its versioning (see the README).');
  }
  return { databaseFile: config.database.file, dataDir: config.dataDir };
}

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch {
    return true;
  }
}

/** The database file and its journal companions, which the backup takes through SQLite, not as files. */
function isDatabaseFile(file: string, databaseFile: string): boolean {
  return file === databaseFile || file === `${databaseFile}-wal` || file === `${databaseFile}-shm` || file === `${databaseFile}-journal`;
}

export async function backup(config: Config, target: string): Promise<string> {
  const { databaseFile, dataDir } = embedded(config);
  const dir = path.resolve(target);
  if (!(await isEmptyOrMissing(dir))) throw new CommandError(`${dir} is not empty: back up into a new folder.`);
  if (dir === dataDir || dir.startsWith(`${dataDir}${path.sep}`)) throw new CommandError('Back up outside the data folder.');
  await mkdir(dir, { recursive: true });
  const source = new SqliteDatabase(databaseFile, { readonly: true, fileMustExist: true });
  try {
    await source.backup(path.join(dir, BACKUP_DATABASE));
  } finally {
    source.close();
  }
  await cp(dataDir, dir, { recursive: true, filter: (from) => !isDatabaseFile(from, databaseFile) });
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length;
  return `Backed up ${databaseFile} and the data folder into ${dir} (${files} files).`;
}

export async function restore(config: Config, source: string): Promise<string> {
  const { databaseFile, dataDir } = embedded(config);
  const dir = path.resolve(source);
  if (!existsSync(path.join(dir, BACKUP_DATABASE))) throw new CommandError(`${dir} holds no backup (no ${BACKUP_DATABASE}).`);
  if (existsSync(databaseFile)) throw new CommandError(`${databaseFile} exists: restore into a data folder without a database (stop the server, move the old folder away).`);
  await mkdir(dataDir, { recursive: true });
  await cp(dir, dataDir, { recursive: true, filter: (from) => from !== path.join(dir, BACKUP_DATABASE) });
  await mkdir(path.dirname(databaseFile), { recursive: true });
  await copyFile(path.join(dir, BACKUP_DATABASE), databaseFile);
  return `Restored ${dir} into ${dataDir}.`;
}
