/**
 * What backup (backup.ts) and restore (restore.ts) share: the backup folder's layout, the database
 * snapshot and its checks, the files a database names, and copying a folder tree.
 */
import { chmod, copyFile, mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { Config } from '../config';
import { assertBlobKey } from '../storage/blobStore';
import { CommandError } from './usage';

/** The database's name inside a backup folder. */
export const BACKUP_DATABASE = 'app.sqlite';
/** The blob store's folder, in the data folder and in a backup. */
export const BLOBS = 'blobs';
/** Unfinished blob writes (localBlobStore.ts): never part of a backup. */
export const BLOB_TEMP = path.join(BLOBS, '.tmp');
/** Passes of snapshot, copy and check before a backup gives up. */
export const BACKUP_PASSES = 5;
/** Pages per step of SQLite's backup: all of them, so the snapshot is one read transaction. */
const ALL_PAGES = 0x7fffffff;
/** How many missing files a message names. */
const NAMED_IN_MESSAGES = 5;

export function embedded(config: Config): { databaseFile: string; dataDir: string } {
  if (config.database.kind !== 'sqlite' || config.database.file === ':memory:' || config.blobStore.kind !== 'local') {
    throw new CommandError('backup and restore cover the embedded install (SQLite and the local data folder); back up PostgreSQL with pg_dump and the bucket with its versioning (see the README).');
  }
  return { databaseFile: config.database.file, dataDir: config.dataDir };
}

function isGone(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Whether `inner` is `outer` or inside it. */
export function within(inner: string, outer: string): boolean {
  return inner === outer || inner.startsWith(`${outer}${path.sep}`);
}

/** A missing folder counts as empty; a file, or a folder that cannot be read, does not. */
export async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

export function listed(keys: string[]): string {
  const shown = keys.slice(0, NAMED_IN_MESSAGES).map((key) => `${BLOBS}/${key}`).join(', ');
  return keys.length > NAMED_IN_MESSAGES ? `${shown} and ${keys.length - NAMED_IN_MESSAGES} more` : shown;
}

/**
 * A database file opened in memory, read only, whatever its journal mode (a WAL database's header
 * says so, which an in-memory copy cannot honour): nothing is written beside the file.
 */
export async function openCopy(file: string): Promise<SqliteDatabase.Database> {
  const bytes = await readFile(file);
  if (bytes.length >= 20 && bytes[18] === 2 && bytes[19] === 2) {
    bytes[18] = 1;
    bytes[19] = 1;
  }
  return new SqliteDatabase(bytes, { readonly: true });
}

/** The blob keys a database names: the models and originals of projects and kept revisions, and logos. */
export function namedFiles(db: SqliteDatabase.Database): string[] {
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
export async function missingUnder(root: string, keys: string[]): Promise<string[]> {
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

export interface CopiedFile {
  size: number;
  mtimeMs: number;
  ino: number;
}

export interface TreeCopy {
  /** Entries of the source not copied (their full path). */
  skip(from: string): boolean;
  /** A file or folder deleted while it is copied is left out (backup), or fails the copy (restore). */
  tolerateGone: boolean;
  /** What earlier passes copied, by relative path: unchanged files are not copied again. */
  copied: Map<string, CopiedFile>;
}

/** Copies a folder's regular files and folders (folders 0700, files with their mode and times). */
export async function copyTree(source: string, target: string, relative: string, copy: TreeCopy): Promise<void> {
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

export async function copyOneFile(from: string, to: string, name: string, copy: TreeCopy): Promise<void> {
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
export async function snapshot(databaseFile: string, file: string): Promise<void> {
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

export async function readSnapshot(file: string): Promise<SnapshotFiles> {
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

export const REVISION_FOLDER = /^projects\/[0-9]+\/r[0-9]+(?=\/|$)/;

/** What is copied together with a named file: its revision's folder (poster, compressed and AR files beside it), or the file alone (a logo). */
export function unitOf(key: string): string {
  return REVISION_FOLDER.exec(key)?.[0] ?? key;
}

/** Removes the project and revision folders of the copy that the snapshot does not keep (written after it, or deleted since an earlier pass). */
export async function pruneToSnapshot(blobsCopy: string, snapshot: SnapshotFiles): Promise<void> {
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
