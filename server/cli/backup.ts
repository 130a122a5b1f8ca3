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
import { chmod, copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, rmdir, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { Config } from '../config';
import { assertBlobKey } from '../storage/blobStore';
import { CommandError } from './usage';

/** The database's name inside a backup folder. */
const BACKUP_DATABASE = 'app.sqlite';
/** The blob store's folder, in the data folder and in a backup. */
const BLOBS = 'blobs';
/** Unfinished blob writes (localBlobStore.ts): never part of a backup. */
const BLOB_TEMP = path.join(BLOBS, '.tmp');
/** Passes of snapshot, copy and check before a backup gives up. */
const BACKUP_PASSES = 5;
/** Pages per step of SQLite's backup: all of them, so the snapshot is one read transaction. */
const ALL_PAGES = 0x7fffffff;
/** How many missing files a message names. */
const NAMED_IN_MESSAGES = 5;

function embedded(config: Config): { databaseFile: string; dataDir: string } {
  if (config.database.kind !== 'sqlite' || config.database.file === ':memory:' || config.blobStore.kind !== 'local') {
    throw new CommandError('backup and restore cover the embedded install (SQLite and the local data folder); back up PostgreSQL with pg_dump and the bucket with its versioning (see the README).');
  }
  return { databaseFile: config.database.file, dataDir: config.dataDir };
}

function isGone(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Whether `inner` is `outer` or inside it. */
function within(inner: string, outer: string): boolean {
  return inner === outer || inner.startsWith(`${outer}${path.sep}`);
}

/** A missing folder counts as empty; a file, or a folder that cannot be read, does not. */
async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

function listed(keys: string[]): string {
  const shown = keys.slice(0, NAMED_IN_MESSAGES).map((key) => `${BLOBS}/${key}`).join(', ');
  return keys.length > NAMED_IN_MESSAGES ? `${shown} and ${keys.length - NAMED_IN_MESSAGES} more` : shown;
}

/**
 * A database file opened in memory, read only, whatever its journal mode (a WAL database's header
 * says so, which an in-memory copy cannot honour): nothing is written beside the file.
 */
async function openCopy(file: string): Promise<SqliteDatabase.Database> {
  const bytes = await readFile(file);
  if (bytes.length >= 20 && bytes[18] === 2 && bytes[19] === 2) {
    bytes[18] = 1;
    bytes[19] = 1;
  }
  return new SqliteDatabase(bytes, { readonly: true });
}

/** The blob keys a database names: the models and originals of projects and kept revisions, and logos. */
function namedFiles(db: SqliteDatabase.Database): string[] {
  const keys = new Set<string>();
  const queries = [
    'SELECT model_blob_key AS a, original_blob_key AS b FROM projects',
    'SELECT model_blob_key AS a, original_blob_key AS b FROM revisions',
    'SELECT logo_blob_key AS a, NULL AS b FROM branding',
  ];
  for (const query of queries) {
    for (const row of db.prepare(query).all() as { a: string | null; b: string | null }[]) {
      if (row.a) keys.add(row.a);
      if (row.b) keys.add(row.b);
    }
  }
  return [...keys].sort();
}

/** The keys of `keys` with no file under `root` (a key that could leave the folder counts as missing). */
async function missingUnder(root: string, keys: string[]): Promise<string[]> {
  const missing: string[] = [];
  for (const key of keys) {
    try {
      assertBlobKey(key);
      if (!(await stat(path.join(root, ...key.split('/')))).isFile()) missing.push(key);
    } catch {
      missing.push(key);
    }
  }
  return missing;
}

interface CopiedFile {
  size: number;
  mtimeMs: number;
  ino: number;
}

interface TreeCopy {
  /** Entries of the source not copied (their full path). */
  skip(from: string): boolean;
  /** A file or folder deleted while it is copied is left out (backup), or fails the copy (restore). */
  tolerateGone: boolean;
  /** What earlier passes copied, by relative path: unchanged files are not copied again. */
  copied: Map<string, CopiedFile>;
}

/** Copies a folder's regular files and folders (folders 0700, files with their mode and times). */
async function copyTree(source: string, target: string, relative: string, copy: TreeCopy): Promise<void> {
  let entries;
  try {
    entries = await readdir(source, { withFileTypes: true });
  } catch (error) {
    if (copy.tolerateGone && isGone(error)) return;
    throw error;
  }
  await mkdir(target, { recursive: true, mode: 0o700 });
  for (const entry of entries) {
    const from = path.join(source, entry.name);
    if (copy.skip(from)) continue;
    const to = path.join(target, entry.name);
    const name = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) await copyTree(from, to, name, copy);
    else if (entry.isFile()) await copyOneFile(from, to, name, copy);
  }
}

async function copyOneFile(from: string, to: string, name: string, copy: TreeCopy): Promise<void> {
  try {
    const info = await stat(from);
    const before = copy.copied.get(name);
    if (before && before.size === info.size && before.mtimeMs === info.mtimeMs && before.ino === info.ino) return;
    await copyFile(from, to);
    await utimes(to, info.atime, info.mtime);
    copy.copied.set(name, { size: info.size, mtimeMs: info.mtimeMs, ino: info.ino });
  } catch (error) {
    if (!(copy.tolerateGone && isGone(error))) throw error;
  }
}

/** The live database into `file`, private (0600) from its creation, in rollback mode (one file). */
async function snapshot(databaseFile: string, file: string): Promise<void> {
  for (const companion of ['', '-journal', '-wal', '-shm']) await rm(`${file}${companion}`, { force: true });
  await writeFile(file, '', { mode: 0o600, flag: 'wx' });
  const source = new SqliteDatabase(databaseFile, { readonly: true, fileMustExist: true });
  try {
    await source.backup(file, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  const copy = new SqliteDatabase(file);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  await chmod(file, 0o600);
}

/** What a snapshot says the blob folder holds: the files it names, and the projects' kept revisions. */
interface SnapshotFiles {
  named: string[];
  /** Kept revision numbers by project id (the current one included). */
  revisions: Map<number, Set<number>>;
}

async function readSnapshot(file: string): Promise<SnapshotFiles> {
  const db = await openCopy(file);
  try {
    const revisions = new Map<number, Set<number>>();
    const keep = (project: number, revision: number) => revisions.set(project, (revisions.get(project) ?? new Set()).add(revision));
    for (const row of db.prepare('SELECT id, revision_number FROM projects').all() as { id: number; revision_number: number }[]) keep(row.id, row.revision_number);
    for (const row of db.prepare('SELECT project_id, revision_number FROM revisions').all() as { project_id: number; revision_number: number }[]) keep(row.project_id, row.revision_number);
    return { named: namedFiles(db), revisions };
  } finally {
    db.close();
  }
}

const REVISION_FOLDER = /^projects\/[0-9]+\/r[0-9]+(?=\/|$)/;

/** What is copied together with a named file: its revision's folder (poster, compressed and AR files beside it), or the file alone (a logo). */
function unitOf(key: string): string {
  return REVISION_FOLDER.exec(key)?.[0] ?? key;
}

/** Removes the project and revision folders of the copy that the snapshot does not keep (written after it, or deleted since an earlier pass). */
async function pruneToSnapshot(blobsCopy: string, snapshot: SnapshotFiles): Promise<void> {
  const projects = path.join(blobsCopy, 'projects');
  for (const id of await readdir(projects).catch(() => [] as string[])) {
    if (!/^[1-9][0-9]*$/.test(id)) continue;
    const kept = snapshot.revisions.get(Number(id));
    if (!kept) {
      await rm(path.join(projects, id), { recursive: true, force: true });
      continue;
    }
    for (const revision of await readdir(path.join(projects, id)).catch(() => [] as string[])) {
      const match = /^r([0-9]+)$/.exec(revision);
      if (match && !kept.has(Number(match[1]))) await rm(path.join(projects, id, revision), { recursive: true, force: true });
    }
  }
}

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
