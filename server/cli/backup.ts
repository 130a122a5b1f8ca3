/**
 * Backup and restore of the embedded install (SQLite and the local data folder), while the server
 * runs: `npm run admin -- backup DIR`, `npm run admin -- restore DIR`.
 *
 * Backup (docs/decisions.md, "Backups while projects come and go") fills a private temporary
 * folder beside the target and renames it to the target only once the copy is whole; on any
 * failure the temporary folder is removed and the command fails with the reason, so a target
 * exists only as a whole backup. Each pass takes the database first, through SQLite's online
 * backup in one step (one read transaction: a consistent snapshot), then copies the rest of the
 * data folder (the blobs, the token secret), skipping what is deleted meanwhile, then checks that
 * every file the copied database names is in the copy. A file is written before the row that names
 * it is committed, and removed only after that row is gone (a deleted project, a pruned revision,
 * a replaced logo), so a file the snapshot names but the copy lacks was deleted after the snapshot:
 * the next pass takes a newer snapshot and copies again what changed. Files written after the
 * snapshot are orphans the server's start-up sweep removes.
 *
 * Restore first checks the backup (its database reads, every file it names is there), then copies
 * it into an empty data folder (the server stopped), the database last; it never writes into a
 * folder that holds anything, and a failed restore leaves the folder empty again.
 *
 * PostgreSQL and S3 are backed up with their own tools (pg_dump or point-in-time recovery, the
 * bucket's versioning or replication): see the README.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { CommandError } from './usage';

import { BACKUP_DATABASE, BLOBS, BLOB_TEMP, BACKUP_PASSES, embedded, messageOf, within, isEmptyOrMissing, listed, missingUnder, CopiedFile, TreeCopy, copyTree, copyOneFile, snapshot, readSnapshot, REVISION_FOLDER, unitOf, pruneToSnapshot } from './backupFiles';

/**
 * Fills `temp` with a whole backup; the number of files in it. The first pass copies the whole
 * data folder after its snapshot; a later pass, after a newer snapshot, copies only the revision
 * folders (and logos) that snapshot names and no earlier copy followed a snapshot naming them.
 */
async function fillBackup(databaseFile: string, dataDir: string, temp: string): Promise<number> {
  const database = path.join(temp, BACKUP_DATABASE);
  const blobs = path.join(dataDir, BLOBS);
  const blobsCopy = path.join(temp, BLOBS);
  const blobTemp = path.join(dataDir, BLOB_TEMP);
  const skip = (from: string) =>
    within(from, blobTemp) ||
    from === databaseFile ||
    from.startsWith(`${databaseFile}-`) ||
    // The backup's own database file has this name at the top of the folder.
    (path.dirname(from) === dataDir && path.basename(from).startsWith(BACKUP_DATABASE));
  const copied = new Map<string, CopiedFile>();
  /** Units copied after a snapshot that named them: every file they had at that snapshot is in the copy, or was deleted. */
  const covered = new Set<string>();
  let missing: string[] = [];
  for (let pass = 1; pass <= BACKUP_PASSES; pass++) {
    await snapshot(databaseFile, database);
    const files = await readSnapshot(database);
    const units = new Set(files.named.map(unitOf));
    const copy: TreeCopy = { skip, tolerateGone: true, copied };
    if (pass === 1) {
      await copyTree(dataDir, temp, '', copy);
    } else {
      for (const unit of units) {
        if (covered.has(unit)) continue;
        const from = path.join(blobs, ...unit.split('/'));
        const to = path.join(blobsCopy, ...unit.split('/'));
        if (REVISION_FOLDER.test(unit)) {
          await copyTree(from, to, `${BLOBS}/${unit}`, copy);
        } else {
          await mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
          await copyOneFile(from, to, `${BLOBS}/${unit}`, copy);
        }
      }
    }
    for (const unit of units) covered.add(unit);
    missing = await missingUnder(blobsCopy, files.named);
    if (missing.length === 0) {
      await pruneToSnapshot(blobsCopy, files);
      return (await readdir(temp, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length;
    }
    // A unit with a file missing was being deleted: it is not covered (a newer snapshot no longer names it).
    for (const key of missing) covered.delete(unitOf(key));
  }
  throw new Error(
    `the database names ${missing.length} file(s) that the data folder does not hold (${listed(missing)}), ` +
      `still after ${BACKUP_PASSES} passes, so they are not files of projects being deleted: check the data folder`,
  );
}

export async function backup(config: Config, target: string): Promise<string> {
  const { databaseFile, dataDir } = embedded(config);
  const dir = path.resolve(target);
  if (!(await isEmptyOrMissing(dir))) throw new CommandError(`${dir} is not empty (or not a folder): back up into a new folder.`);
  if (within(dir, dataDir)) throw new CommandError('Back up outside the data folder.');
  if (!existsSync(databaseFile)) throw new CommandError(`${databaseFile} does not exist: there is nothing to back up.`);
  await mkdir(path.dirname(dir), { recursive: true });
  // Beside the target (same file system, so the final rename is atomic), private (0700).
  const temp = await mkdtemp(path.join(path.dirname(dir), `.${path.basename(dir)}.partial-`));
  try {
    const files = await fillBackup(databaseFile, dataDir, temp);
    // An empty target folder is replaced; one that got files meanwhile is not (rmdir refuses).
    await rmdir(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(temp, dir);
    return `Backed up ${databaseFile} and the data folder into ${dir} (${files} files).`;
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw new CommandError(`Backup failed, nothing was written to ${dir}: ${messageOf(error)}.`);
  }
}
