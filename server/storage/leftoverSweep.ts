/**
 * What a crash (a killed process, a full disk) can leave in DATA_DIR/blobs, removed at start-up:
 *   - temporary files of unfinished writes (`.tmp/*.part`),
 *   - project folders whose project is not in the database (a create that never committed, a
 *     delete whose folder removal never ran),
 *   - revision folders that are not one of their project's kept revisions (an update that never
 *     committed, or a pruned revision whose folder was never removed),
 *   - logos that no branding row names (a replaced logo never removed, an upload that never committed).
 * Only provable garbage: the database is read first, then only entries that match the layout of
 * projectBlobKeys.ts, that the database does not name and that are older than this process are
 * removed. It runs before the server listens, so no conversion of this process is writing yet.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/database';
import { keptRevisionNumbers } from '../db/revisions';

interface SweepReport {
  tempFiles: number;
  projectFolders: number;
  revisionFolders: number;
  logos: number;
}

interface SweepInput {
  db: Db;
  /** DATA_DIR/blobs. */
  blobsRoot: string;
  /** Entries modified at or after this time (ms) are kept, whatever they are. */
  startedAtMs: number;
}

async function entries(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
    throw error;
  }
}

export async function sweepLeftovers({ db, blobsRoot, startedAtMs }: SweepInput): Promise<SweepReport> {
  const report: SweepReport = { tempFiles: 0, projectFolders: 0, revisionFolders: 0, logos: 0 };
  const kept = await keptRevisionNumbers(db);
  const projects = new Map<string, Set<number>>();
  for (const row of await db.selectFrom('projects').select(['id', 'revision_number']).execute()) {
    projects.set(String(row.id), new Set([row.revision_number, ...(kept.get(row.id) ?? [])]));
  }
  const logos = new Set((await db.selectFrom('branding').select('logo_blob_key').execute()).map((row) => row.logo_blob_key));

  const removeIfOld = async (target: string, what: keyof SweepReport) => {
    const info = await stat(target).catch(() => undefined);
    if (!info || info.mtimeMs >= startedAtMs) return;
    await rm(target, { recursive: true, force: true });
    report[what] += 1;
  };

  const temp = path.join(blobsRoot, '.tmp');
  for (const name of await entries(temp)) {
    if (name.endsWith('.part')) await removeIfOld(path.join(temp, name), 'tempFiles');
  }

  const projectsRoot = path.join(blobsRoot, 'projects');
  for (const id of await entries(projectsRoot)) {
    if (!/^[1-9][0-9]*$/.test(id)) continue;
    const folder = path.join(projectsRoot, id);
    const current = projects.get(id);
    if (current === undefined) {
      await removeIfOld(folder, 'projectFolders');
      continue;
    }
    for (const revision of await entries(folder)) {
      const match = /^r([0-9]+)$/.exec(revision);
      if (match && !current.has(Number(match[1]))) await removeIfOld(path.join(folder, revision), 'revisionFolders');
    }
  }

  const brandingRoot = path.join(blobsRoot, 'branding');
  for (const userId of await entries(brandingRoot)) {
    if (!/^[1-9][0-9]*$/.test(userId)) continue;
    for (const name of await entries(path.join(brandingRoot, userId))) {
      if (/^logo-[A-Za-z0-9_-]+\.png$/.test(name) && !logos.has(`branding/${userId}/${name}`)) {
        await removeIfOld(path.join(brandingRoot, userId, name), 'logos');
      }
    }
  }
  return report;
}
