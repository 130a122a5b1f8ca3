/**
 * Restore of the embedded install from a backup (backup.ts): `npm run admin -- restore DIR`. It
 * first checks the backup (its database reads, every file it names is there), then copies it into
 * an empty data folder (the server stopped), the database last; it never writes into a folder that
 * holds anything, and a failed restore leaves the folder empty again.
 */
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { CommandError } from './usage';

import { BACKUP_DATABASE, BLOBS, embedded, messageOf, within, isEmptyOrMissing, listed, openCopy, namedFiles, missingUnder, copyTree } from './backupFiles';

/** Why a folder is not a backup to restore (its database unreadable, or files it names absent), or undefined. */
async function backupProblem(dir: string): Promise<string | undefined> {
  let db;
  try {
    db = await openCopy(path.join(dir, BACKUP_DATABASE));
  } catch (error) {
    return `its database cannot be read (${messageOf(error)})`;
  }
  try {
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') return `its database is damaged (${String(check)})`;
    const missing = await missingUnder(path.join(dir, BLOBS), namedFiles(db));
    if (missing.length > 0) return `its database names ${missing.length} file(s) that are not in it (${listed(missing)})`;
    return undefined;
  } catch (error) {
    return `its database cannot be read (${messageOf(error)})`;
  } finally {
    db.close();
  }
}

export async function restore(config: Config, source: string): Promise<string> {
  const { databaseFile, dataDir } = embedded(config);
  const dir = path.resolve(source);
  const backupDatabase = path.join(dir, BACKUP_DATABASE);
  if (!existsSync(backupDatabase)) throw new CommandError(`${dir} holds no backup (no ${BACKUP_DATABASE}).`);
  if (within(dataDir, dir) || within(dir, dataDir)) throw new CommandError('Restore into a data folder outside the backup folder.');
  if (!(await isEmptyOrMissing(dataDir))) {
    throw new CommandError(`${dataDir} is not empty: restore only into an empty data folder (stop the server, move the old folder away). Nothing was changed.`);
  }
  if (existsSync(databaseFile)) throw new CommandError(`${databaseFile} exists: restore into a data folder without a database (stop the server, move the old database away). Nothing was changed.`);
  const problem = await backupProblem(dir);
  if (problem) throw new CommandError(`${dir} is not a complete backup: ${problem}. Nothing was restored.`);

  const createdDataDir = !existsSync(dataDir);
  const databaseTemp = `${databaseFile}.restoring`;
  try {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    const skip = (from: string) => path.dirname(from) === dir && path.basename(from).startsWith(BACKUP_DATABASE);
    await copyTree(dir, dataDir, '', { skip, tolerateGone: false, copied: new Map() });
    // The database last, whole or not at all, private.
    await mkdir(path.dirname(databaseFile), { recursive: true, mode: 0o700 });
    await copyFile(backupDatabase, databaseTemp);
    await chmod(databaseTemp, 0o600);
    await rename(databaseTemp, databaseFile);
  } catch (error) {
    // The folder was empty: what is in it now is what this restore copied.
    await rm(databaseTemp, { force: true });
    for (const entry of await readdir(dataDir).catch(() => [])) await rm(path.join(dataDir, entry), { recursive: true, force: true });
    if (createdDataDir) await rm(dataDir, { recursive: true, force: true });
    throw new CommandError(`Restore failed, ${dataDir} was left empty: ${messageOf(error)}.`);
  }
  return `Restored ${dir} into ${dataDir}.`;
}
